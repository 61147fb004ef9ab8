import 'server-only';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ClaudeFileRef } from '../claude/claude-files';
import { runsFromSources, tsxWorker } from '@/lib/server/workers/tsx-worker';
import { WorkerClient } from '@/lib/server/workers/worker-client';
import type { PooledRead, SummaryReadReply, SummaryReadRequest } from './summary-read-worker';

/** Fewer files than this are read on the main thread: a worker's start would cost more. */
export const POOL_MIN_FILES = 32;
/** Files per request: small enough to share the work out evenly, large enough to cost few messages. */
const BATCH = 8;
/** Requests each worker holds at once: one read while the other's reply travels. */
const IN_FLIGHT = 2;
/** A batch not answered in this long is given up (a hung file system) and read on the main thread. */
const BATCH_TIMEOUT_MS = 60_000;
/**
 * At most this many workers (and never more than the machine has cores): each holds up to four
 * transcripts and their parse at a time, so the peak grows with them.
 */
const MAX_WORKERS = 3;

/** Files read on workers, and batches given back to the main thread, since start (for the tests). */
const counts = { files: 0, failedBatches: 0 };

export function summaryPoolCounts(): Readonly<typeof counts> {
  return { ...counts };
}

/**
 * Worker threads that read transcripts into summaries, so a first read of a large history parses on
 * every core. Each worker starts on the first request and ends when idle.
 */
class SummaryReadPool {
  private readonly workers = Array.from(
    { length: Math.max(1, Math.min(MAX_WORKERS, availableParallelism())) },
    () => new WorkerClient<SummaryReadRequest, SummaryReadReply>(spawnSummaryWorker, BATCH_TIMEOUT_MS),
  );
  /** A worker could not start or died: the rest of this process's reads stay on the main thread. */
  private broken = false;

  /** Each file's read, in order; undefined for one a worker could not read (the caller reads it). `usage`: a first pass's (see SummaryReadRequest). */
  async read(root: string, refs: readonly ClaudeFileRef[], { usage = false }: { usage?: boolean } = {}): Promise<(PooledRead | undefined)[]> {
    const out = new Array<PooledRead | undefined>(refs.length);
    let next = 0;
    const drain = async (client: (typeof this.workers)[number]): Promise<void> => {
      while (next < refs.length && !this.broken) {
        const from = next;
        next = Math.min(refs.length, next + BATCH);
        const answer = await client.ask({ kind: 'claude', root, refs: refs.slice(from, next), usage });
        if (typeof answer === 'string') {
          counts.failedBatches++;
          if (answer === 'failed' && !this.broken) {
            this.broken = true;
            console.warn('sessionscope: a transcript read worker failed; transcripts are read on the main thread from now on');
          }
          return;
        }
        answer.reads.forEach((read, i) => (out[from + i] = read));
        counts.files += answer.reads.length;
      }
    };
    await Promise.all(this.workers.flatMap((client) => Array.from({ length: IN_FLIGHT }, () => drain(client))));
    return out;
  }
}

let shared: SummaryReadPool | undefined;

/** The process's one pool (every transcript reader shares it). */
export function summaryReadPool(): SummaryReadPool {
  shared ??= new SummaryReadPool();
  return shared;
}

/**
 * In the built server Next bundles the worker's entry from this very expression. Run from the
 * TypeScript sources (tests, the bench), the entry is loaded through tsx.
 */
function spawnSummaryWorker(): Worker {
  if (runsFromSources(import.meta.url)) return tsxWorker(import.meta.url, 'summary-read-worker.ts');
  return new Worker(new URL('./summary-read-worker.ts', import.meta.url));
}
