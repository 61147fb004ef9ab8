import 'server-only';
import { readdirSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { listingError, listingOf, type DirListing } from '../list-dir';
import { readListedFileSync, type ListedRead } from './read-listed-file-sync';

/** Main thread → worker: read files a listing showed as regular, inside `rootReal`; or list folders. */
export type BulkRequest =
  | { id: number; op: 'read'; rootReal: string; maxBytes: number; files: string[] }
  | { id: number; op: 'list'; dirs: string[]; want: 'files' | 'dirs'; suffix: string };

/** Worker → main thread: each file's read, its bytes at [start, end) of `buffer` (transferred, not copied); or each folder's listing. */
export type BulkReply = { id: number; op: 'read'; reads: ListedRead[]; buffer: ArrayBuffer } | { id: number; op: 'list'; listings: DirListing[] };

/*
 * The bulk reader's worker (node:worker_threads, bundled by Next as its own chunk). Its system calls
 * are synchronous, so 100,000 small files cost their system calls and not a promise round trip each
 * on the main thread; a call that hangs (a hung network file system) holds this thread only, and the
 * main thread gives the batch up (bulk-worker.ts).
 */
const port = parentPort;
if (port) {
  port.on('message', (request: BulkRequest) => {
    if (request.op === 'list') {
      const listings = request.dirs.map((dir) => {
        try {
          return listingOf(readdirSync(dir, { withFileTypes: true }), request.want, request.suffix);
        } catch (error) {
          return listingError(error);
        }
      });
      port.postMessage({ id: request.id, op: 'list', listings } satisfies BulkReply);
      return;
    }
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
    port.postMessage({ id: request.id, op: 'read', reads, buffer } satisfies BulkReply, [buffer]);
  });
}
