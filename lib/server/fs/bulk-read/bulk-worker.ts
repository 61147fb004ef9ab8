import 'server-only';
import { Worker } from 'node:worker_threads';
import type { BulkReply, BulkRequest } from './bulk-read-worker';
import { runsFromSources, tsxWorker } from '@/lib/server/workers/tsx-worker';
import { WorkerClient, type WithoutId, type WorkerAnswer } from '@/lib/server/workers/worker-client';

/** A request not answered in this long is given up (a hung file system): the worker is ended. */
export const BULK_TIMEOUT_MS = 10_000;

export type BulkAnswer<Op extends BulkReply['op']> = WorkerAnswer<Extract<BulkReply, { op: Op }>>;

/** The bulk reader's worker thread, shared by the reads and listings of a burst (a first read) and ended when idle. */
class BulkWorker {
  private readonly client = new WorkerClient<BulkRequest, BulkReply>(spawnBulkWorker, BULK_TIMEOUT_MS);

  ask<Op extends BulkReply['op']>(request: WithoutId<BulkRequest> & { op: Op }): Promise<BulkAnswer<Op>> {
    return this.client.ask(request) as Promise<BulkAnswer<Op>>;
  }
}

let shared: BulkWorker | undefined;

/** This module's one worker client (the store's first read and its live changes share it). */
export function bulkWorker(): BulkWorker {
  shared ??= new BulkWorker();
  return shared;
}

/**
 * In the built server Next bundles the worker's entry from this very expression. Run from the
 * TypeScript sources (tests, the bench), the entry is loaded through tsx.
 */
function spawnBulkWorker(): Worker {
  if (runsFromSources(import.meta.url)) return tsxWorker(import.meta.url, 'bulk-read-worker.ts');
  return new Worker(new URL('./bulk-read-worker.ts', import.meta.url));
}
