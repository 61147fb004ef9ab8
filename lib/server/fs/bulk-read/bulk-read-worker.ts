import 'server-only';
import { parentPort } from 'node:worker_threads';
import { readListedFileSync, type ListedRead } from './read-listed-file-sync';

/** Main thread → worker: one batch of files a listing showed as regular, inside `rootReal`. */
export interface BulkRequest {
  id: number;
  rootReal: string;
  maxBytes: number;
  files: string[];
}

/** Worker → main thread: each file's read, its bytes at [start, end) of `buffer` (transferred, not copied). */
export interface BulkReply {
  id: number;
  reads: ListedRead[];
  buffer: ArrayBuffer;
}

/*
 * The bulk reader's worker (node:worker_threads, bundled by Next as its own chunk). Its system calls
 * are synchronous, so 100,000 small files cost their system calls and not a promise round trip each
 * on the main thread; a read that hangs (a hung network file system) holds this thread only, and the
 * main thread gives the batch up (read-listed-files.ts).
 */
const port = parentPort;
if (port) {
  port.on('message', (request: BulkRequest) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const sink = (bytes: Buffer): { start: number; end: number } => {
      chunks.push(bytes);
      size += bytes.length;
      return { start: size - bytes.length, end: size };
    };
    const reads = request.files.map((file) => readListedFileSync(file, request.rootReal, request.maxBytes, sink));
    const joined = Buffer.concat(chunks, size);
    // A fresh ArrayBuffer of exactly the batch (Buffer.concat may return a slice of a shared pool).
    const buffer = joined.buffer.slice(joined.byteOffset, joined.byteOffset + joined.byteLength) as ArrayBuffer;
    port.postMessage({ id: request.id, reads, buffer } satisfies BulkReply, [buffer]);
  });
}
