import 'server-only';
import { Worker } from 'node:worker_threads';
import { factsTransferList, type PackedFacts } from '@/lib/search/packed-facts';
import { buildIndex, type BuildIo, type BuildJob, type BuildResult } from './index-build';
import { runsFromSources, tsxWorker } from '../workers/tsx-worker';
import { BATCH_WORKER_LIMITS } from '../workers/worker-limits';
import { releaseMemorySoon } from '../memory/release-memory';

/** What the worker starts with. */
export interface WorkerData {
  job: BuildJob;
  /** Test hook: the worker exits (code 1) after this many transactions of documents. */
  exitAfterFlushes?: number;
}

/** Main thread → worker. */
export type WorkerRequest = { type: 'facts'; facts: PackedFacts };
/** Worker → main thread. */
export type WorkerReply =
  | { type: 'need'; sessionIDs: string[] }
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; result: BuildResult }
  | { type: 'error'; message: string; code?: string };

/** `worker`: a worker thread (the product); `inline`: the same build on this thread (unit tests). */
export type BuildMode = 'worker' | 'inline';

export interface RunningBuild {
  result: Promise<BuildResult>;
  /** Ends the build (its written part stays: sessions without a fingerprint are read at the next start). */
  stop(): void;
}

/** The build mode unless told: `SESSIONSCOPE_SEARCH_BUILD=inline` keeps it on the main thread. */
export function defaultBuildMode(): BuildMode {
  return process.env.SESSIONSCOPE_SEARCH_BUILD === 'inline' ? 'inline' : 'worker';
}

/**
 * Builds in a worker (or inline). `attempt` counts the workers started for this job before. The
 * tests' crash hook: `SESSIONSCOPE_TEST_BUILD_EXIT_AFTER_FLUSHES=N` ends a worker after N
 * transactions, the first `SESSIONSCOPE_TEST_BUILD_EXIT_WORKERS` (1) workers only.
 */
export function startBuild(job: BuildJob, io: BuildIo, mode: BuildMode, attempt = 0): RunningBuild {
  if (mode === 'inline') return { result: buildIndex(job, io), stop: () => undefined };
  const exitAfter = Number(process.env.SESSIONSCOPE_TEST_BUILD_EXIT_AFTER_FLUSHES);
  const crashing = attempt < Number(process.env.SESSIONSCOPE_TEST_BUILD_EXIT_WORKERS ?? 1);
  const worker = spawnWorker({ job, ...(exitAfter > 0 && crashing ? { exitAfterFlushes: exitAfter } : {}) });
  let stopped = false;
  const result = new Promise<BuildResult>((resolve, reject) => {
    worker.on('message', (message: WorkerReply) => {
      if (message.type === 'progress') io.progress(message.done, message.total);
      else if (message.type === 'need') {
        io.facts(message.sessionIDs).then(
          (facts) => {
            worker.postMessage({ type: 'facts', facts } satisfies WorkerRequest, factsTransferList(facts));
            // Gathering them made 100,000 objects, garbage now: given back before the workers' heaps grow.
            releaseMemorySoon();
          },
          (error: unknown) => reject(error as Error),
        );
      } else if (message.type === 'done') {
        resolve(message.result);
        // What the build's progress and facts left on this thread goes before the dashboard idles.
        releaseMemorySoon();
      }
      else reject(Object.assign(new Error(message.message), message.code ? { code: message.code } : {}));
    });
    worker.on('error', reject);
    worker.on('exit', (code) => reject(new Error(stopped ? 'search index build stopped' : `search index build worker exited (${code})`)));
  });
  return {
    result,
    stop: () => {
      stopped = true;
      void worker.terminate();
    },
  };
}

/**
 * In the built server Next bundles the worker's entry from this very expression. Run from the
 * TypeScript sources (tests, the bench), the entry is loaded through tsx.
 */
function spawnWorker(data: WorkerData): Worker {
  // The build holds a few batches of documents at a time: a small heap keeps its memory (and the process's peak) bounded.
  const options = { workerData: { ...data, job: { ...data.job, readMode: 'worker' } } satisfies WorkerData, stdout: false, stderr: false, resourceLimits: BATCH_WORKER_LIMITS };
  if (runsFromSources(import.meta.url)) return tsxWorker(import.meta.url, 'search-build-worker.ts', options);
  return new Worker(new URL('./search-build-worker.ts', import.meta.url), options);
}
