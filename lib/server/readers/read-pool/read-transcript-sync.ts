import 'server-only';
import { realpathSync } from 'node:fs';
import { readListedFileSync } from '@/lib/server/fs/bulk-read/read-listed-file-sync';
import { readDataFile, type DataFileRead } from '@/lib/server/fs/open-data-file';

const realRoots = new Map<string, string>();

function realRoot(root: string): string | undefined {
  try {
    const known = realRoots.get(root) ?? realpathSync(root);
    realRoots.set(root, known);
    return known;
  } catch {
    return undefined;
  }
}

/**
 * A transcript read on a worker thread, synchronously: the worker has nothing else to do while it
 * waits, and each of readDataFile's five asynchronous calls (lstat, open, fstat, read, close) was a
 * hand-off to libuv's threads and back, ~30% of a worker's time in the built server at load ~20.
 * The rules are readDataFile's for a file a listing showed as regular (readListedFileSync: never
 * blocks, follows no symlink, stays inside the root, under the cap). Anything it does not read
 * (a symlink, no /proc, an error) is read by readDataFile itself, which says why.
 */
export async function readTranscriptSync(file: string, root: string, maxBytes: number): Promise<DataFileRead> {
  const rootReal = realRoot(root);
  let bytes: Buffer | undefined;
  const read = rootReal === undefined ? undefined : readListedFileSync(file, rootReal, maxBytes, (b) => ((bytes = b), { start: 0, end: b.length }));
  if (read?.ok && bytes) return { ok: true, bytes, mtimeMs: read.mtimeMs, version: read.version };
  if (read && !read.ok && read.missing) return read;
  return readDataFile(file, { root, maxBytes });
}
