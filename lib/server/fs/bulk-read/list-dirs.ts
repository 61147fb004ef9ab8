import 'server-only';
import { listDir, type DirListing } from '../list-dir';
import { mapLimit } from '../map-limit';
import { bulkWorker } from './bulk-worker';
import { bulkReadCounts, WORKER_FROM } from './read-listed-files';

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
  for (let i = 0; i < dirs.length; i += BATCH) {
    const batch = dirs.slice(i, i + BATCH);
    const reply = await bulkWorker().ask({ op: 'list', dirs: batch, want, suffix });
    if (reply === 'failed' || reply === 'timeout') out.push(...(await here(batch)));
    else {
      bulkReadCounts.listedByWorker++;
      out.push(...reply.listings);
    }
  }
  return out;
}
