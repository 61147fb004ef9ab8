import 'server-only';
import { Worker } from 'node:worker_threads';
import type { ScannedMessages } from './scanned-messages';
import { runsFromSources, tsxWorker } from '@/lib/server/workers/tsx-worker';
import { WorkerStream } from '@/lib/server/workers/worker-stream';

/** Chunks the scan workers of this module delivered (tests, diagnostics). */
export const messageScanCounts = { chunks: 0 };

/** A chunk of messages as a scan worker sent it. */
export interface ScanChunk {
  chunk: ScannedMessages;
}

/**
 * The database's message table read on a worker thread, started at once, yielded in order (`error`
 * when the file was corrupt or changed shape; `failed` when the worker could not run: the caller
 * reads on its own thread).
 */
export type MessageScan = WorkerStream<ScanChunk>;

const counted = (): void => void messageScanCounts.chunks++;

export function scanDatabaseMessages(dbPath: string, chunk: number): MessageScan {
  return new WorkerStream(() => spawn('message-scan-worker.ts', { dbPath, chunk }), counted);
}

/**
 * In the built server Next bundles each worker's entry from its `new Worker(new URL(...))`
 * expression, written out once per entry. Run from the TypeScript sources (tests, the bench), the
 * entry is loaded through tsx.
 */
function spawn(entry: 'message-scan-worker.ts', workerData: object): Worker {
  if (runsFromSources(import.meta.url)) return tsxWorker(import.meta.url, entry, { workerData });
  return new Worker(new URL('./message-scan-worker.ts', import.meta.url), { workerData });
}
