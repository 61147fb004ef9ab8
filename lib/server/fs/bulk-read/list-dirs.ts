import 'server-only';
import { listDir, type DirListing } from '../list-dir';
import { mapLimit } from '../map-limit';
import { BULK_WORKERS, bulkWorker } from './bulk-worker';
import { bulkReadCounts, WORKER_FROM } from './read-listed-files';
import { appendAll } from '@/lib/arrays/append-all';

/** Folders per request to the worker. */
const BATCH = 1_000;
/** Listings in flight on this thread (few folders, or no worker). */
const CONCURRENCY = 64;

/**
 * Lists many folders (a first read of OpenCode's JSON tree: one per session and per message), as
 * listDir does each, on the bulk reader's worker thread when there are many; in the order given.
 */
export async function listDirs(dirs: readonly string[], want: 'files' | 'dirs', suffix = ''): Promise<DirListing[]> {
  const here = (some: readonly string[]): Promise<DirListing[]> => mapLimit(some, CONCURRENCY, (dir) => listDir(dir, want, suffix));
  if (dirs.length < WORKER_FROM) return here(dirs);
  const out: DirListing[] = [];
  const batches: string[][] = [];
  for (let i = 0; i < dirs.length; i += BATCH) batches.push(dirs.slice(i, i + BATCH));
  // One batch per worker at a time, taken in order.
  const ask = (batch: string[]) => bulkWorker().ask({ op: 'list', dirs: batch, want, suffix });
  const asked = batches.slice(0, BULK_WORKERS).map(ask);
  for (let i = 0; i < batches.length; i++) {
    const batch = batches[i] as string[];
    const reply = await asked[i];
    const next = batches[i + BULK_WORKERS];
    if (next) asked.push(ask(next));
    if (reply === undefined || reply === 'failed' || reply === 'timeout') appendAll(out, await here(batch));
    else {
      bulkReadCounts.listedByWorker++;
      appendAll(out, reply.listings);
    }
  }
  return out;
}
