import 'server-only';
import { Worker } from 'node:worker_threads';
import type { IndexLocation } from '@/lib/server/index-cache/index-cache';
import type { IndexPage, ScanReply, ScannedMessages } from './scanned-messages';
import { runsFromSources, tsxWorker } from '@/lib/server/workers/tsx-worker';

/** Chunks the scan workers of this module delivered (tests, diagnostics). */
export const messageScanCounts = { chunks: 0 };

/** A chunk of messages as a scan worker sent it. */
export interface ScanChunk {
  chunk: ScannedMessages;
  /** Read from the summary index: each message's version, the entries left as stored, the page's last key. */
  index?: IndexPage;
}

/**
 * Messages read on a worker thread, started at once: chunks queue until taken. `chunks()` yields
 * them in order and ends with how the scan ended (`error` when the file was corrupt or changed
 * shape; `failed` when the worker could not run: the caller reads on its own thread). Either the
 * database's message table (`ofDatabase`, a first read) or the messages the summary index kept for
 * it (`ofIndex`, a restart).
 */
export class MessageScan {
  private readonly queue: ScanReply[] = [];
  private wake: (() => void) | undefined;
  private ended: { error?: string; failed?: boolean } | undefined;
  private readonly worker: Worker | undefined;

  static ofDatabase(dbPath: string, chunk: number): MessageScan {
    return new MessageScan(() => spawnScanWorker(dbPath, chunk));
  }

  static ofIndex(location: IndexLocation, chunk: number): MessageScan {
    return new MessageScan(() => spawnIndexScanWorker(location, chunk));
  }

  private constructor(spawn: () => Worker) {
    try {
      this.worker = spawn();
      this.worker.on('message', (reply: ScanReply) => this.push(reply));
      this.worker.on('error', (error: Error) => this.finish({ error: error.message || String(error) }));
      this.worker.on('exit', () => this.finish({ failed: true }));
    } catch {
      this.finish({ failed: true });
    }
  }

  /** Chunks in order; the return value says how the scan ended. */
  async *chunks(): AsyncGenerator<ScanChunk, { error?: string; failed?: boolean }> {
    for (;;) {
      const next = this.queue.shift();
      if (next?.type === 'chunk') {
        messageScanCounts.chunks++;
        yield { chunk: next.chunk, index: next.index };
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

function spawnIndexScanWorker(location: IndexLocation, chunk: number): Worker {
  const workerData = { location, chunk };
  if (runsFromSources(import.meta.url)) return tsxWorker(import.meta.url, 'index-scan-worker.ts', { workerData });
  return new Worker(new URL('./index-scan-worker.ts', import.meta.url), { workerData });
}
