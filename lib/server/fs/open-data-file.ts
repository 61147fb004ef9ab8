import 'server-only';
import { close, closeSync, constants, existsSync, fstat, fstatSync, lstatSync, open, openSync, read, readlinkSync, realpathSync, statSync, type Stats } from 'node:fs';
import { lstat, realpath, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { describeFileError, fileKind, isInside } from './data-file-rules';
import { Slots } from './slots';
import { statVersion } from './file-version';

/**
 * The one door to every file a reader opens (JSON records, JSONL transcripts, plans, boulders, the
 * database). Any of them may be hostile: a FIFO or device (a blocking open never returns and holds a
 * libuv thread for good), a sparse 1.5 GB file, a symlink to /etc/passwd. So: the type is checked
 * with `lstat`/`stat` before anything is opened, only regular files are opened, and then with
 * O_NONBLOCK; the open file is checked again (same inode, still regular, really inside `root`); the
 * size cap is checked before a byte is read; reads wait for one of a few slots, so a hostile tree
 * cannot occupy every libuv thread; and a read that takes too long is given up on.
 */
export interface DataFileLimits {
  /** The folder being read: the file's real path (symlinks resolved) must stay inside it. */
  root: string;
  /** Files larger than this are refused before they are read. */
  maxBytes: number;
  /** A read (from the moment it gets a slot) that takes longer than this is reported as failed. */
  timeoutMs?: number;
  /**
   * The caller's folder listing (readdir with types) showed a regular file just now: the check before
   * the open is skipped (one system call of five, on 100,000 files). The open then refuses a symlink
   * put there since (O_NOFOLLOW); O_NONBLOCK and the checks on the open descriptor do the rest.
   */
  listedAsFile?: boolean;
  /** Read from this byte on (a transcript read on from where an earlier read stopped); `version` is still the whole file's. */
  offset?: number;
}

export type DataFileRead =
  /** `version`: the open file's identity, size and time (what a cache compares to know it unchanged). */
  | { ok: true; bytes: Buffer; mtimeMs: number; version: string }
  /** `missing`: gone (ENOENT/ENOTDIR), which is normal for a file deleted between list and read. */
  | { ok: false; missing: boolean; reason: string };

const DEFAULT_TIMEOUT_MS = 10_000;
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOCTTY ?? 0);
const LISTED_OPEN_FLAGS = OPEN_FLAGS | (constants.O_NOFOLLOW ?? 0);
/** Of libuv's 4 threads, reads of data files take at most 3: pages, assets and the watcher keep one. */
const slots = new Slots(3);
const realRoots = new Map<string, string>();
const HAS_PROC_FD = existsSync('/proc/self/fd');

class Refused extends Error {}

// The callback API: the promise FileHandle API cost about a third more per small file.
const openFd = promisify(open);
const fstatFd = promisify(fstat);
const readFd = promisify(read);
const closeFd = promisify(close);

async function realRoot(root: string): Promise<string> {
  const known = realRoots.get(root);
  if (known) return known;
  const real = await realpath(root);
  realRoots.set(root, real);
  return real;
}

/** Where an open descriptor really points (Linux); undefined where /proc is not there. */
function pathOfDescriptor(fd: number): string | undefined {
  if (!HAS_PROC_FD) return undefined;
  try {
    return readlinkSync(`/proc/self/fd/${fd}`).replace(/ \(deleted\)$/, '');
  } catch {
    return undefined;
  }
}

/** The file's stats if it may be opened (regular, under the cap); a symlink's target must be inside `rootReal`. */
async function checkBeforeOpen(file: string, rootReal: string, maxBytes: number): Promise<Stats> {
  const link = await lstat(file);
  let info = link;
  if (link.isSymbolicLink()) {
    if (!isInside(rootReal, await realpath(file))) throw new Refused('symlink leads outside the data folder');
    info = await stat(file);
  }
  if (!info.isFile()) throw new Refused(`not a regular file (${fileKind(info)}): not opened`);
  if (info.size > maxBytes) throw new Refused(`file is ${info.size} bytes, over the ${maxBytes} byte limit: not read`);
  return info;
}

async function readChecked(file: string, limits: DataFileLimits): Promise<DataFileRead> {
  const rootReal = await realRoot(limits.root);
  const listed = limits.listedAsFile === true && HAS_PROC_FD;
  const before = listed ? undefined : await checkBeforeOpen(file, rootReal, limits.maxBytes);
  // No /proc: resolve the path before opening instead (a symlinked folder on the way, too).
  if (!HAS_PROC_FD && !isInside(rootReal, await realpath(file))) throw new Refused('path leads outside the data folder');
  const fd = await openFd(file, listed ? LISTED_OPEN_FLAGS : OPEN_FLAGS).catch((error: unknown) => {
    // O_NOFOLLOW met a symlink where the listing saw a file.
    if (listed && (error as NodeJS.ErrnoException).code === 'ELOOP') throw new Refused('a symlink: not followed');
    throw error;
  });
  try {
    const info = await fstatFd(fd);
    if (!info.isFile()) throw new Refused(listed ? `not a regular file (${fileKind(info)}): not read` : 'file changed type while it was opened: not read');
    if (before && (info.ino !== before.ino || info.dev !== before.dev)) throw new Refused('file changed type while it was opened: not read');
    const where = pathOfDescriptor(fd);
    if (where !== undefined && !isInside(rootReal, where)) throw new Refused('path leads outside the data folder');
    if (info.size > limits.maxBytes) throw new Refused(`file is ${info.size} bytes, over the ${limits.maxBytes} byte limit: not read`);
    // The size fstat saw (a file appended meanwhile, like a transcript, is read again on its change).
    const from = Math.min(limits.offset ?? 0, info.size);
    const bytes = Buffer.allocUnsafe(info.size - from);
    let total = 0;
    while (total < bytes.length) {
      const { bytesRead } = await readFd(fd, bytes, total, bytes.length - total, from + total);
      if (bytesRead === 0) break;
      total += bytesRead;
    }
    return { ok: true, bytes: total === bytes.length ? bytes : bytes.subarray(0, total), mtimeMs: info.mtimeMs, version: statVersion(info) };
  } finally {
    await closeFd(fd);
  }
}

/** Reads a data file under the rules above. Never throws; a refusal's reason never quotes the file. */
export async function readDataFile(file: string, limits: DataFileLimits): Promise<DataFileRead> {
  const release = await slots.take();
  const read = readChecked(file, limits).catch((error: unknown): DataFileRead => {
    if (error instanceof Refused) return { ok: false, missing: false, reason: error.message };
    return describeFileError(error);
  });
  let timer: NodeJS.Timeout | undefined;
  const timeoutMs = limits.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const timedOut = new Promise<DataFileRead>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, missing: false, reason: `read took longer than ${timeoutMs} ms: given up` }), timeoutMs);
  });
  // The slot stays taken until the read really ends: a hung read never frees a thread early.
  void read.finally(() => {
    clearTimeout(timer);
    release();
  });
  return Promise.race([read, timedOut]);
}

export interface OpenedDataFile {
  fd: number;
  stats: Stats;
  /** A path that names exactly the opened file (Linux: /proc/self/fd/N), for a copy. */
  path: string;
}

/**
 * Opens a data file synchronously, for the database readers (their reads are synchronous): the same
 * checks as `readDataFile`, no size cap. Throws an Error whose message is the reason.
 */
export function openDataFileSync(file: string, root: string): OpenedDataFile {
  const rootReal = realpathSync(root);
  const link = lstatSync(file);
  if (link.isSymbolicLink() && !isInside(rootReal, realpathSync(file))) throw new Error('symlink leads outside the data folder');
  const before = link.isSymbolicLink() ? statSync(file) : link;
  if (!before.isFile()) throw new Error(`not a regular file (${fileKind(before)}): not opened`);
  const fd = openSync(file, OPEN_FLAGS);
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.ino !== before.ino || stats.dev !== before.dev) throw new Error('file changed type while it was opened: not read');
    const where = pathOfDescriptor(fd);
    if (!isInside(rootReal, where ?? realpathSync(file))) throw new Error('path leads outside the data folder');
    return { fd, stats, path: where === undefined ? file : `/proc/self/fd/${fd}` };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/** Checks without keeping it open that `file` may be handed to a library that opens it itself (SQLite). */
export function checkDataFileSync(file: string, root: string): Stats {
  const opened = openDataFileSync(file, root);
  closeSync(opened.fd);
  return opened.stats;
}
