import 'server-only';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { BulkReply, BulkRequest } from './bulk-read-worker';
import { runsFromSources, tsxWorker } from '@/lib/server/workers/tsx-worker';
import { WorkerClient, type WithoutId, type WorkerAnswer } from '@/lib/server/workers/worker-client';

/** A request not answered in this long is given up (a hung file system): the worker is ended. */
export const BULK_TIMEOUT_MS = 10_000;

export type BulkAnswer<Op extends BulkReply['op']> = WorkerAnswer<Extract<BulkReply, { op: Op }>>;

/**
 * Worker threads of the bulk reader: two where the machine has two cores. A first read of a large
 * JSON tree is its system calls (open, the /proc/self/fd check, read, close: ~10 µs a file), and one
 * thread doing them left the main thread idle a third of the time, waiting.
 */
export const BULK_WORKERS = Math.max(1, Math.min(2, availableParallelism()));

/** The bulk reader's worker threads, shared by the reads and listings of a burst (a first read) and ended when idle; requests go to each in turn. */
class BulkWorker {
  private readonly clients = Array.from({ length: BULK_WORKERS }, () => new WorkerClient<BulkRequest, BulkReply>(spawnBulkWorker, BULK_TIMEOUT_MS));
  private turn = 0;

  ask<Op extends BulkReply['op']>(request: WithoutId<BulkRequest> & { op: Op }): Promise<BulkAnswer<Op>> {
    const client = this.clients[this.turn++ % this.clients.length] as (typeof this.clients)[number];
    return client.ask(request) as Promise<BulkAnswer<Op>>;
  }
}

let shared: BulkWorker | undefined;

/** This module's one set of workers (the store's first read and its live changes share it). */
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
