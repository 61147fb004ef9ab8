import 'server-only';
import type Database from 'better-sqlite3';
import { closeSync, constants, existsSync, mkdtempSync, openSync, readdirSync, rmSync, statSync, writeSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDataFileSync } from '@/lib/server/fs/open-data-file';
import { onExit } from '@/lib/server/process/exit-cleanup';
import { loadBetterSqlite, type DatabaseConstructor } from './load-better-sqlite';
import { writerAttached } from './wal-writer';
import { ensurePrivateDir } from '../../../fs/private-cache';
import { statVersion } from '../../../fs/file-version';

export type OpenMode = 'live' | 'immutable' | 'left-log' | 'copy';

// SQLite reads `file:` names as URIs (needed for `immutable=1`) when this is set before the first
// connection of the process; bin/sessionscope.mjs and instrumentation.ts set it earlier still.
process.env.SQLITE_USE_URI ??= '1';

export interface OpenedDatabase {
  db: Database.Database;
  mode: OpenMode;
  /** Why the mode was chosen, shown in /api/health. */
  note: string;
  close(): void;
}

/** Copies made while the database changed under them are made again, this many times at most. */
const COPY_ATTEMPTS = 3;

/**
 * Opens OpenCode's database without ever creating, changing or deleting a file next to it, and
 * without copying it.
 *
 * SQLite opening a WAL database read-only still creates `-wal` and `-shm` when they are absent, and
 * rebuilds `-shm` when no connection holds it (OpenCode crashed). So: when OpenCode has them open
 * (a connection holds `-shm`), attach read-only to them; when a crash left a log, read the file and
 * the log without a lock, the log's index in memory (see openLeftLog); otherwise
 * open the file as immutable (`file:...?immutable=1`: no lock, no journal, no side file). Nobody
 * writes the file then: a writer that starts writes `-wal`/`-shm` first, the watcher sees them and
 * the reader reopens live. Only where URI names cannot be used (another module opened the first
 * connection of the process without them) is a private copy read, in our own cache folder,
 * removed on exit and signals (and, after a crash, at the next start).
 */
export async function openDatabase(dbPath: string, cacheDir = defaultSnapshotDir(), allowImmutable = true, allowCopy = true): Promise<OpenedDatabase> {
  // Only a regular file inside its folder is handed to SQLite (a FIFO would block its open for good).
  const checked = openDataFileSync(dbPath, path.dirname(dbPath));
  closeSync(checked.fd);
  if (checked.stats.size === 0) throw new Error('empty database file (OpenCode may be creating it)');
  const Database = await loadBetterSqlite();
  if (isLive(dbPath)) return withReadCache(openLive(Database, dbPath));
  removeDeadCopies(cacheDir);
  // An immutable open ignores the log a crash left: its commits are read from a copy instead.
  const immutable = !allowImmutable ? 'immutable open not allowed' : hasLeftLog(dbPath) ? openLeftLog(Database, dbPath) : openImmutable(Database, dbPath);
  if (typeof immutable !== 'string') return withReadCache(immutable);
  if (!allowCopy) throw new NoCopyError(`the database would be read from a copy (${immutable})`);
  return withReadCache(await openCopy(Database, dbPath, cacheDir, immutable));
}

/**
 * SQLite's page cache for OpenCode's database, KiB. It is read in passes (sessions, messages and
 * parts by rowid), each page about once: SQLite's own default serves them as well as
 * better-sqlite3's 16 MB, which a large database filled and kept for the life of the server (its
 * pages stay in the system's file cache either way).
 */
export const OPENCODE_PAGE_CACHE_KIB = 2_000;

function withReadCache(opened: OpenedDatabase): OpenedDatabase {
  opened.db.pragma(`cache_size = -${OPENCODE_PAGE_CACHE_KIB}`);
  return opened;
}

/** A second reader (the search index's build) that will not make a database-sized copy of its own. */
export class NoCopyError extends Error {}

/** The database as an immutable file, or why it could not be opened so. */
function openImmutable(Database: DatabaseConstructor, dbPath: string): OpenedDatabase | string {
  let db: Database.Database | undefined;
  try {
    db = new Database(immutableUri(dbPath), { readonly: true, fileMustExist: true });
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    const opened = db;
    return { db, mode: 'immutable', note: 'read-only, OpenCode not running (no -wal/-shm, no copy, no side file)', close: () => opened.close() };
  } catch (error) {
    db?.close();
    return (error as Error).message || String(error);
  }
}

/**
 * The log a crash left (OpenCode not running), read into this process's memory: SQLite's `unix-none`
 * VFS takes no lock, and the exclusive locking mode, set before the first read, keeps the log's index
 * on the heap instead of in `-shm`. Nothing next to the data is created or changed (a plain read-only
 * open rewrites `-shm`), and nothing is copied. Any change to the files reopens (see the reader).
 */
function openLeftLog(Database: DatabaseConstructor, dbPath: string): OpenedDatabase | string {
  let db: Database.Database | undefined;
  try {
    db = new Database(fileUri(dbPath, 'mode=ro&vfs=unix-none'), { readonly: true, fileMustExist: true });
    db.pragma('locking_mode = EXCLUSIVE');
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    const opened = db;
    return { db, mode: 'left-log', note: 'read-only, no lock: the write-ahead log OpenCode left when it stopped, read into memory (no copy, no side file)', close: () => opened.close() };
  } catch (error) {
    db?.close();
    return `OpenCode left a write-ahead log that could not be read in place: ${(error as Error).message || String(error)}`;
  }
}

/** `file:` URI of an absolute path: `%`, `?` and `#` escaped, the rest as is (SQLite's URI rules). */
function fileUri(dbPath: string, query: string): string {
  const escaped = path.resolve(dbPath).replace(/[%?#]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return `file://${escaped.startsWith('/') ? '' : '/'}${escaped}?${query}`;
}

export function immutableUri(dbPath: string): string {
  return fileUri(dbPath, 'immutable=1');
}

/**
 * The fallback: a private copy in our own cache folder, with the log a crash left (`-wal`) copied
 * beside it (SQLite then builds its `-shm` there, never next to OpenCode's), else with a header
 * that says "rollback journal".
 */
async function openCopy(Database: DatabaseConstructor, dbPath: string, cacheDir: string, why: string): Promise<OpenedDatabase> {
  const dir = snapshotFolder(cacheDir);
  const remove = onExit(() => rmSync(dir, { recursive: true, force: true }));
  const copy = path.join(dir, 'snapshot.db');
  const leftLog = hasLeftLog(dbPath);
  try {
    for (let attempt = 1; ; attempt++) {
      const before = writeSignature(dbPath);
      // Off the main thread (pages keep being served), and a reflink where the file system has them.
      await copyChecked(dbPath, copy);
      if (leftLog) await copyChecked(`${dbPath}-wal`, `${copy}-wal`);
      // OpenCode started meanwhile: follow it instead.
      if (isLive(dbPath)) {
        remove();
        return openLive(Database, dbPath);
      }
      if (writeSignature(dbPath) === before) break;
      if (attempt >= COPY_ATTEMPTS) throw new Error('the database kept changing while it was copied');
    }
    // Header bytes 18-19 = 2 mark WAL mode; 1 makes SQLite read the private copy without side files.
    if (!leftLog) {
      const fd = openSync(copy, 'r+');
      try {
        writeSync(fd, Buffer.from([1, 1]), 0, 2, 18);
      } finally {
        closeSync(fd);
      }
    }
    const db = new Database(copy, { readonly: true, fileMustExist: true });
    const close = (): void => {
      db.close();
      remove();
    };
    return { db, mode: 'copy', note: `private copy in the cache folder (OpenCode not running, and immutable open failed: ${why})`, close };
  } catch (error) {
    remove();
    throw error;
  }
}

/** Whether OpenCode has the database open: its `-wal` and `-shm` exist and a connection holds `-shm`. */
export function isLive(dbPath: string): boolean {
  return existsSync(`${dbPath}-wal`) && writerAttached(dbPath);
}

/** A non-empty `-wal` with no writer attached: a crash left commits that are only in the log. */
export function hasLeftLog(dbPath: string): boolean {
  return (statSync(`${dbPath}-wal`, { throwIfNoEntry: false })?.size ?? 0) > 0 && !isLive(dbPath);
}

/** Copies a data file only if it is a regular file in its folder, from the very file that was checked. */
async function copyChecked(from: string, to: string): Promise<void> {
  const opened = openDataFileSync(from, path.dirname(from));
  try {
    await copyFile(opened.path, to, constants.COPYFILE_FICLONE);
  } finally {
    closeSync(opened.fd);
  }
}

/** Size and modification time of the database and its write-ahead log (readers never change them). */
export function writeSignature(db: string): string {
  const of = (file: string): string => {
    const stat = statSync(file, { throwIfNoEntry: false });
    // The inode too: a copy restored with its times kept is another file.
    return stat ? statVersion(stat) : '-';
  };
  // The log without its change time: SQLite run as root gives the log back to the database's owner
  // each time a connection opens it (ours too, read-only), which moves its ctime with no write. SQLite
  // only appends to the log or writes over it, and never puts its time back.
  const log = statSync(`${db}-wal`, { throwIfNoEntry: false });
  return `${of(db)}|${log ? `${log.ino}:${log.size}:${log.mtimeMs}` : '-'}`;
}

function openLive(Database: DatabaseConstructor, dbPath: string): OpenedDatabase {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true, timeout: 2000 });
  db.pragma('query_only = ON');
  return { db, mode: 'live', note: 'read-only, following the write-ahead log', close: () => db.close() };
}

/** The file's identity, size and time: unchanged while nobody writes it. */
export function fileSignature(file: string): string {
  const stat = statSync(file, { throwIfNoEntry: false });
  return stat ? statVersion(stat) : '-';
}

/** `${XDG_CACHE_HOME:-~/.cache}/sessionscope/snapshots`: usually the data's file system, where a copy can be a reflink. */
export function defaultSnapshotDir(env: NodeJS.ProcessEnv = process.env): string {
  const cacheHome = env.XDG_CACHE_HOME?.trim() ? env.XDG_CACHE_HOME : path.join(os.homedir(), '.cache');
  return path.join(cacheHome, 'sessionscope', 'snapshots');
}

/**
 * A private folder for this process's copy (`<pid>-XXXXXX`). Falls back to the temp folder.
 */
function snapshotFolder(cacheDir: string): string {
  try {
    // The snapshots folder only (missing parents are made 0700 with it): the folder above may be any
    // folder a caller named (a test's temp folder is in /tmp), and the cache's own is made private by its databases.
    ensurePrivateDir(cacheDir);
    return mkdtempSync(path.join(cacheDir, `${process.pid}-`));
  } catch {
    return mkdtempSync(path.join(os.tmpdir(), `sessionscope-db-${process.pid}-`));
  }
}

/** Removes the copies of processes that are gone (a crash leaves one as big as the database). */
export function removeDeadCopies(cacheDir: string): void {
  // Once per process and folder: what a crashed process left is there at start; listing /tmp at
  // every reopen (OpenCode starting or stopping) cost up to 45 ms of a busy machine's main thread.
  if (cleaned.has(cacheDir)) return;
  cleaned.add(cacheDir);
  for (const [dir, pattern] of [[cacheDir, /^(\d+)-/], [os.tmpdir(), /^sessionscope-db-(\d+)-/]] as const) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      const pid = Number(pattern.exec(name)?.[1]);
      if (pid && pid !== process.pid && !alive(pid)) rmSync(path.join(dir, name), { recursive: true, force: true });
    }
  }
}

const cleaned = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
