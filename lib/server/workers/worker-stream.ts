import 'server-only';
import type { Worker } from 'node:worker_threads';

/** What a streaming worker posts: chunks in order, then how it ended (with what it has to say last). */
export type StreamReply<C extends object, E = undefined> = ({ type: 'chunk' } & C) | { type: 'done'; end?: E } | { type: 'error'; message: string };

/** How a stream ended: `end` when the worker finished, `error` when it reported one, `failed` when it could not run or died. */
export interface StreamEnd<E> {
  end?: E;
  error?: string;
  failed?: boolean;
}

/**
 * A worker that reads something large beside the main thread and posts it in chunks, started at
 * once: chunks queue until taken. The caller that gets `failed` or `error` reads on its own thread.
 */
export class WorkerStream<C extends object, E = undefined> {
  private readonly queue: StreamReply<C, E>[] = [];
  private wake: (() => void) | undefined;
  private ended: StreamEnd<E> | undefined;
  private readonly worker: Worker | undefined;

  constructor(
    spawn: () => Worker,
    private readonly onChunk?: () => void,
  ) {
    try {
      this.worker = spawn();
      this.worker.on('message', (reply: StreamReply<C, E>) => this.push(reply));
      this.worker.on('error', (error: Error) => this.finish({ error: error.message || String(error) }));
      this.worker.on('exit', () => this.finish({ failed: true }));
    } catch {
      this.finish({ failed: true });
    }
  }

  /** Chunks in order; the return value says how the stream ended. */
  async *chunks(): AsyncGenerator<C, StreamEnd<E>> {
    for (;;) {
      const next = this.queue.shift();
      if (next?.type === 'chunk') {
        this.onChunk?.();
        // A chunk is plain data (never a promise): what was posted is what is yielded.
        yield next as unknown as Awaited<C>;
        continue;
      }
      if (next?.type === 'done') return { end: next.end };
      if (next?.type === 'error') return { error: next.message };
      if (this.ended) return this.ended;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  stop(): void {
    void this.worker?.terminate();
  }

  private push(reply: StreamReply<C, E>): void {
    this.queue.push(reply);
    this.wake?.();
    this.wake = undefined;
  }

  private finish(end: StreamEnd<E>): void {
    this.ended ??= end;
    this.wake?.();
    this.wake = undefined;
  }
}
