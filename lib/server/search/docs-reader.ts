import 'server-only';
import { Worker } from 'node:worker_threads';
import { FactsTable, factsTransferList, type PackedFacts } from '@/lib/search/packed-facts';
import type { SearchDoc } from '@/lib/search/search-types';
import { runsFromSources, tsxWorker } from '../workers/tsx-worker';
import { isTranscriptSource, readBuildDocs, type DocsPlan, type DocsRead, type DocsSink } from './build-docs';
import { BATCH_WORKER_LIMITS, TRANSCRIPT_READER_LIMITS } from '../workers/worker-limits';

/** Reader worker → writer. */
export type DocsReply = { type: 'docs'; docs: SearchDoc[] } | { type: 'progress'; done: number } | { type: 'done'; read: DocsRead } | { type: 'error'; message: string };
/** Writer → reader worker: a batch was written. */
export type DocsAck = { type: 'ack' };

/** What the reader worker starts with. */
export interface ReaderData {
  plan: DocsPlan;
  facts: PackedFacts;
}

/** Batches the reader may have handed over and not yet seen written: it reads the next while one is written. */
export const BATCHES_IN_FLIGHT = 2;

/** `worker`: read on a worker of its own while the caller writes (the product's build); `inline`: read on this thread (unit tests). */
export type DocsMode = 'worker' | 'inline';

/**
 * Reads the plan's documents (readBuildDocs) and hands them to `sink`. On a worker the reading
 * (files, JSON, documents) runs beside the caller's writing (the index's full-text inserts): each
 * about half of a build.
 */
export function readDocs(plan: DocsPlan, facts: PackedFacts, sink: DocsSink, mode: DocsMode): Promise<DocsRead> {
  if (mode === 'inline') return readBuildDocs(plan, new FactsTable(facts), sink);
  let worker: Worker;
  try {
    // The facts' columns move to the reader: the caller lets go of the rest.
    worker = spawnReader(plan, facts);
  } catch {
    return readBuildDocs(plan, new FactsTable(facts), sink);
  }
  return new Promise<DocsRead>((resolve, reject) => {
    let settled = false;
    const end = (fn: () => void): void => {
      if (settled) return;
      settled = true;
      fn();
      void worker.terminate();
    };
    // Batches are written in order, and the read ends once the last of them is written.
    let writes = Promise.resolve();
    worker.on('message', (message: DocsReply) => {
      if (message.type === 'docs') {
        writes = writes.then(() => sink.docs(message.docs)).then(() => worker.postMessage({ type: 'ack' } satisfies DocsAck));
        writes.catch((error: unknown) => end(() => reject(error as Error)));
      } else if (message.type === 'progress') {
        // The progress is written into the index too (the build lease): a failure there ends the build like a failed write.
        try {
          sink.progress(message.done);
        } catch (error) {
          end(() => reject(error as Error));
        }
      }
      else if (message.type === 'done') writes.then(() => end(() => resolve(message.read)), () => undefined);
      else end(() => reject(new Error(message.message)));
    });
    worker.on('error', (error) => end(() => reject(error)));
    worker.on('exit', (code) => end(() => reject(new Error(`search document reader exited (${code})`))));
  });
}

/**
 * In the built server Next bundles the worker's entry from this very expression. Run from the
 * TypeScript sources (tests, the bench), the entry is loaded through tsx.
 */
function spawnReader(plan: DocsPlan, facts: PackedFacts): Worker {
  const options = { workerData: { plan, facts } satisfies ReaderData, transferList: factsTransferList(facts), stdout: false, stderr: false, resourceLimits: plan.sources.some(isTranscriptSource) ? TRANSCRIPT_READER_LIMITS : BATCH_WORKER_LIMITS };
  if (runsFromSources(import.meta.url)) return tsxWorker(import.meta.url, 'docs-reader-worker.ts', options);
  return new Worker(new URL('./docs-reader-worker.ts', import.meta.url), options);
}
