import 'server-only';
import { Worker } from 'node:worker_threads';
import type { ScanReply } from './message-scan-worker';
import type { ScannedMessages } from './scanned-messages';
import { runsFromSources, tsxWorker } from '@/lib/server/workers/tsx-worker';

/** Chunks the scan workers of this module delivered (tests, diagnostics). */
export const messageScanCounts = { chunks: 0 };

/**
 * The message table read on a worker thread, started at once: chunks queue until taken. `chunks()`
 * yields them in rowid order and ends with how the scan ended (`error` when the file was corrupt or
 * changed shape; `failed` when the worker could not run: the caller reads on its own thread).
 */
export class MessageScan {
  private readonly queue: ScanReply[] = [];
  private wake: (() => void) | undefined;
  private ended: { error?: string; failed?: boolean } | undefined;
  private readonly worker: Worker | undefined;

  constructor(dbPath: string, chunk: number) {
    try {
      this.worker = spawnScanWorker(dbPath, chunk);
      this.worker.on('message', (reply: ScanReply) => this.push(reply));
      this.worker.on('error', (error: Error) => this.finish({ error: error.message || String(error) }));
      this.worker.on('exit', () => this.finish({ failed: true }));
    } catch {
      this.finish({ failed: true });
    }
  }

  /** Chunks in order; the return value says how the scan ended. */
  async *chunks(): AsyncGenerator<ScannedMessages, { error?: string; failed?: boolean }> {
    for (;;) {
      const next = this.queue.shift();
      if (next?.type === 'chunk') {
        messageScanCounts.chunks++;
        yield next.chunk;
        continue;
      }
      if (next?.type === 'done') return {};
      if (next?.type === 'error') return { error: next.message };
      if (this.ended) return this.ended;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  stop(): void {
    void this.worker?.terminate();
  }

  private push(reply: ScanReply): void {
    this.queue.push(reply);
    this.wake?.();
    this.wake = undefined;
  }

  private finish(end: { error?: string; failed?: boolean }): void {
    this.ended ??= end;
    this.wake?.();
    this.wake = undefined;
  }
}

/**
 * In the built server Next bundles the worker's entry from this very expression. Run from the
 * TypeScript sources (tests, the bench), the entry is loaded through tsx.
 */
function spawnScanWorker(dbPath: string, chunk: number): Worker {
  const workerData = { dbPath, chunk };
  if (runsFromSources(import.meta.url)) return tsxWorker(import.meta.url, 'message-scan-worker.ts', { workerData });
  return new Worker(new URL('./message-scan-worker.ts', import.meta.url), { workerData });
}
