import 'server-only';
import { Worker } from 'node:worker_threads';
import type { BulkReply, BulkRequest } from './bulk-read-worker';
import { runsFromSources, tsxWorker } from '@/lib/server/workers/tsx-worker';

/** A request not answered in this long is given up (a hung file system): the worker is ended. */
export const BULK_TIMEOUT_MS = 10_000;
/** The worker ends after this long without a request (the first read is a burst; live changes are small). */
const IDLE_MS = 2_000;

/** A request before the client numbers it (each kind of request without its `id`). */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type Request = WithoutId<BulkRequest>;
export type BulkAnswer<Op extends BulkReply['op']> = Extract<BulkReply, { op: Op }> | 'failed' | 'timeout';

/**
 * The bulk reader's worker thread, shared by the reads and listings of a burst (a first read) and
 * ended when idle. Every request is answered: a reply, 'failed' (it could not start, or died: the
 * caller does the work on its own thread) or 'timeout' (a hung call: the worker is ended, and a new
 * one serves the next request).
 */
class BulkWorker {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly waiting = new Map<number, (reply: BulkReply | 'failed') => void>();
  private idle: NodeJS.Timeout | undefined;

  ask<Op extends BulkReply['op']>(request: Request & { op: Op }): Promise<BulkAnswer<Op>> {
    const worker = this.started();
    if (!worker) return Promise.resolve('failed');
    clearTimeout(this.idle);
    // Held while it has work (a script waiting for a read is not ended under it); idle, it keeps no process alive.
    worker.ref();
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        this.end();
        resolve('timeout');
      }, BULK_TIMEOUT_MS);
      timer.unref();
      this.waiting.set(id, (reply) => {
        clearTimeout(timer);
        this.waiting.delete(id);
        if (this.waiting.size === 0) this.endWhenIdle();
        resolve(reply as BulkAnswer<Op>);
      });
      worker.postMessage({ ...request, id });
    });
  }

  private started(): Worker | undefined {
    if (this.worker) return this.worker;
    try {
      const worker = spawnBulkWorker();
      worker.on('message', (reply: BulkReply) => this.waiting.get(reply.id)?.(reply));
      const failAll = (): void => {
        if (this.worker === worker) this.worker = undefined;
        for (const answer of [...this.waiting.values()]) answer('failed');
      };
      worker.on('error', failAll);
      worker.on('exit', failAll);
      this.worker = worker;
      return worker;
    } catch {
      return undefined;
    }
  }

  private endWhenIdle(): void {
    this.worker?.unref();
    clearTimeout(this.idle);
    this.idle = setTimeout(() => this.end(), IDLE_MS);
    this.idle.unref();
  }

  private end(): void {
    const worker = this.worker;
    this.worker = undefined;
    void worker?.terminate();
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
