import 'server-only';
import type { Worker } from 'node:worker_threads';

/** A request's answer: the worker's reply, 'failed' (it could not start, or died) or 'timeout'. */
export type WorkerAnswer<Reply> = Reply | 'failed' | 'timeout';

/** A request before the client numbers it (each kind of request without its `id`). */
export type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

/**
 * One worker thread, started on the first request and ended when idle, whose replies carry the id
 * of the request they answer. Every request is answered: a reply, 'failed' (the worker could not
 * start, or died: the caller does the work on its own thread) or 'timeout' (a hung call: the worker
 * is ended, and a new one serves the next request).
 */
export class WorkerClient<Request extends { id: number }, Reply extends { id: number }> {
  private worker: Worker | undefined;
  private nextId = 0;
  /** Each request not answered yet: who answers it, and the worker it was sent to. */
  private readonly waiting = new Map<number, { answer: (reply: Reply | 'failed') => void; worker: Worker }>();
  private idle: NodeJS.Timeout | undefined;

  /**
   * `spawn`: starts the worker (in the built server its caller writes `new Worker(new URL(...))`
   * itself, for Next to bundle the entry); `timeoutMs`: a request not answered in this long is
   * given up; `idleMs`: the worker ends after this long without a request.
   */
  constructor(
    private readonly spawn: () => Worker,
    private readonly timeoutMs: number,
    private readonly idleMs = 2_000,
  ) {}

  /** Requests sent and not answered yet. */
  get pending(): number {
    return this.waiting.size;
  }

  ask(request: WithoutId<Request>, transfer: readonly ArrayBuffer[] = []): Promise<WorkerAnswer<Reply>> {
    const worker = this.started();
    if (!worker) return Promise.resolve('failed');
    clearTimeout(this.idle);
    // Held while it has work (a script waiting for a reply is not ended under it); idle, it keeps no process alive.
    worker.ref();
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        this.end();
        resolve('timeout');
      }, this.timeoutMs);
      timer.unref();
      const answer = (reply: Reply | 'failed'): void => {
        clearTimeout(timer);
        this.waiting.delete(id);
        if (this.waiting.size === 0) this.endWhenIdle();
        resolve(reply);
      };
      this.waiting.set(id, { answer, worker });
      worker.postMessage({ ...request, id }, transfer);
    });
  }

  private started(): Worker | undefined {
    if (this.worker) return this.worker;
    try {
      const worker = this.spawn();
      worker.on('message', (reply: Reply) => this.waiting.get(reply.id)?.answer(reply));
      // Only what this worker held: one ended after a timeout exits while its successor works.
      const failAll = (): void => {
        if (this.worker === worker) this.worker = undefined;
        for (const held of [...this.waiting.values()]) if (held.worker === worker) held.answer('failed');
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
    this.idle = setTimeout(() => this.end(), this.idleMs);
    this.idle.unref();
  }

  private end(): void {
    const worker = this.worker;
    this.worker = undefined;
    void worker?.terminate();
  }
}
