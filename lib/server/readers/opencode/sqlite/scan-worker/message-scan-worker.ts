import 'server-only';
import { parentPort, workerData } from 'node:worker_threads';
import { ScannedTables } from '../file-scan/scanned-tables';
import { encodeMessages, transferables, type ScanReply } from './scanned-messages';

/*
 * The direct read of the message table on a worker thread (bundled by Next as its own chunk):
 * the rows are decoded from the file and reshaped here, beside the main thread's start, and reach
 * it as columns (scanned-messages.ts). Same file rules as on the main thread (ScannedTables).
 */
const port = parentPort;
if (port) {
  const { dbPath, chunk } = workerData as { dbPath: string; chunk: number };
  let scan: ScannedTables | undefined;
  try {
    scan = new ScannedTables(dbPath);
    for (const rows of scan.messages(chunk)) {
      const encoded = encodeMessages(rows);
      port.postMessage({ type: 'chunk', chunk: encoded } satisfies ScanReply, transferables(encoded));
    }
    port.postMessage({ type: 'done' } satisfies ScanReply);
  } catch (error) {
    port.postMessage({ type: 'error', message: (error as Error).message || String(error) } satisfies ScanReply);
  } finally {
    scan?.close();
  }
}
