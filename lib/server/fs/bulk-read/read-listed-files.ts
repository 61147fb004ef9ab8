import 'server-only';
import { realpath } from 'node:fs/promises';
import { mapLimit } from '../map-limit';
import { readDataFile, type DataFileRead } from '../open-data-file';
import { BULK_TIMEOUT_MS, BULK_WORKERS, bulkWorker } from './bulk-worker';

/** Files per request to the worker (~1,000 small records: a few ms of parsing each way). */
const BATCH = 1_000;
/** Fewer files than this are read on this thread: starting a worker (~30 ms) would cost a live change more. */
export const WORKER_FROM = 200;
/** Batches asked for and not yet taken: two per worker (one read while the other's reply travels). */
const IN_FLIGHT = 2 * BULK_WORKERS;
/** Without a worker (too few files, or it could not start): reads in flight on the main thread's way. */
const FALLBACK_CONCURRENCY = 64;

/**
 * Batches read by the worker and on this thread, since start (diagnostics, tests). On `globalThis`:
 * Next's server entries each hold their own copy of this module, and the store's is not /api/health's.
 */
export const bulkReadCounts = sharedCounts();

function sharedCounts(): BulkReadCounts {
  const counts = ((globalThis as { [key: symbol]: unknown })[Symbol.for('sessionscope.bulkReads')] ??= {}) as Partial<BulkReadCounts>;
  counts.worker ??= 0;
  counts.thisThread ??= 0;
  counts.listedByWorker ??= 0;
  return counts as BulkReadCounts;
}

interface BulkReadCounts {
  /** Batches of files read on the worker thread. */
  worker: number;
  /** Batches read on this thread (few files, or no worker). */
  thisThread: number;
  /** Batches of folders listed on the worker thread. */
  listedByWorker: number;
}

export interface ListedFileRead {
  file: string;
  read: DataFileRead;
}

/**
 * Reads many files that folder listings just showed as regular (a first read of OpenCode's JSON
 * tree: 100,000+ small records), under readDataFile's rules with `listedAsFile`, in batches on the
 * bulk reader's workers with two batches in flight each; yields each batch's reads in the order given. Where no
 * worker can run, the same reads run on this thread.
 */
export async function* readListedFiles(files: readonly string[], limits: { root: string; maxBytes: number }): AsyncGenerator<ListedFileRead[]> {
  if (files.length === 0) return;
  if (files.length < WORKER_FROM) return yield await readOnThisThread(files, limits);
  const batches: string[][] = [];
  for (let i = 0; i < files.length; i += BATCH) batches.push(files.slice(i, i + BATCH));
  let rootReal: string;
  try {
    rootReal = await realpath(limits.root);
  } catch {
    for (const batch of batches) yield await readOnThisThread(batch, limits);
    return;
  }
  const worker = bulkWorker();
  const asked = batches.slice(0, IN_FLIGHT).map((batch) => worker.ask({ op: 'read', rootReal, maxBytes: limits.maxBytes, files: batch }));
  for (let i = 0; i < batches.length; i++) {
    const batch = batches[i] as string[];
    const next = batches[i + IN_FLIGHT];
    const reply = (await asked[i]) ?? 'failed';
    if (next && reply !== 'failed' && reply !== 'timeout') asked.push(worker.ask({ op: 'read', rootReal, maxBytes: limits.maxBytes, files: next }));
    if (reply === 'timeout') {
      const reason = `read took longer than ${BULK_TIMEOUT_MS} ms: given up`;
      for (const rest of batches.slice(i)) yield rest.map((file) => ({ file, read: { ok: false, missing: false, reason } }));
      return;
    }
    if (reply === 'failed') {
      // The worker could not start or died: this batch and the rest on this thread.
      for (const rest of batches.slice(i)) yield await readOnThisThread(rest, limits);
      return;
    }
    bulkReadCounts.worker++;
    const bytes = Buffer.from(reply.buffer);
    yield batch.map((file, k) => {
      const read = reply.reads[k];
      if (!read) return { file, read: { ok: false, missing: false, reason: 'not read' } };
      return { file, read: read.ok ? { ok: true, bytes: bytes.subarray(read.start, read.end), mtimeMs: read.mtimeMs, version: read.version } : read };
    });
  }
}

async function readOnThisThread(batch: readonly string[], limits: { root: string; maxBytes: number }): Promise<ListedFileRead[]> {
  bulkReadCounts.thisThread++;
  return mapLimit(batch, FALLBACK_CONCURRENCY, async (file) => ({ file, read: await readDataFile(file, { ...limits, listedAsFile: true }) }));
}
