import 'server-only';
import Database from 'better-sqlite3';
import { closeSync, constants, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, statSync, writeSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export type OpenMode = 'live' | 'snapshot';

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
 * Opens OpenCode's database without ever creating, changing or deleting a file next to it.
 *
 * SQLite opening a WAL database read-only still creates `-wal` and `-shm` when they are absent.
 * So: when OpenCode has them open (it is running, or left them), attach read-only to them; otherwise
 * read a private copy whose header says "rollback journal", in our own cache folder.
 */
export async function openDatabase(dbPath: string, cacheDir = defaultSnapshotDir()): Promise<OpenedDatabase> {
  if (statSync(dbPath).size === 0) throw new Error('empty database file (OpenCode may be creating it)');
  if (isLive(dbPath)) return openLive(dbPath);
  const dir = snapshotFolder(cacheDir);
  const copy = path.join(dir, 'snapshot.db');
  try {
    for (let attempt = 1; ; attempt++) {
      const before = fileSignature(dbPath);
      // Off the main thread (pages keep being served), and a reflink where the file system has them.
      await copyFile(dbPath, copy, constants.COPYFILE_FICLONE);
      // OpenCode started meanwhile: follow it instead.
      if (isLive(dbPath)) {
        rmSync(dir, { recursive: true, force: true });
        return openLive(dbPath);
      }
      if (fileSignature(dbPath) === before) break;
      if (attempt >= COPY_ATTEMPTS) throw new Error('the database kept changing while it was copied');
    }
    // Header bytes 18-19 = 2 mark WAL mode; 1 makes SQLite read the private copy without side files.
    const fd = openSync(copy, 'r+');
    try {
      writeSync(fd, Buffer.from([1, 1]), 0, 2, 18);
    } finally {
      closeSync(fd);
    }
    const db = new Database(copy, { readonly: true, fileMustExist: true });
    const close = (): void => {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    };
    return { db, mode: 'snapshot', note: 'snapshot copy (OpenCode not running: no -wal/-shm to attach to)', close };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Whether OpenCode has the database open (or left its log): its `-wal` and `-shm` exist. */
export function isLive(dbPath: string): boolean {
  return existsSync(`${dbPath}-wal`) && existsSync(`${dbPath}-shm`);
}

function openLive(dbPath: string): OpenedDatabase {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true, timeout: 2000 });
  db.pragma('query_only = ON');
  return { db, mode: 'live', note: 'read-only, following the write-ahead log', close: () => db.close() };
}

/** The file's identity, size and time: unchanged while nobody writes it. */
export function fileSignature(file: string): string {
  const stat = statSync(file, { throwIfNoEntry: false });
  return stat ? `${stat.ino}:${stat.size}:${stat.mtimeMs}` : '-';
}

/** `${XDG_CACHE_HOME:-~/.cache}/sessionscope/snapshots`: usually the data's file system, where a copy can be a reflink. */
export function defaultSnapshotDir(env: NodeJS.ProcessEnv = process.env): string {
  const cacheHome = env.XDG_CACHE_HOME?.trim() ? env.XDG_CACHE_HOME : path.join(os.homedir(), '.cache');
  return path.join(cacheHome, 'sessionscope', 'snapshots');
}

/**
 * A private folder for this process's copy (`<pid>-XXXXXX`), after removing those left by processes
 * that are gone (a crash leaves a copy as big as the database). Falls back to the temp folder.
 */
function snapshotFolder(cacheDir: string): string {
  try {
    mkdirSync(cacheDir, { recursive: true, mode: 0o700 });
    for (const name of readdirSync(cacheDir)) {
      const pid = Number(/^(\d+)-/.exec(name)?.[1]);
      if (pid && pid !== process.pid && !alive(pid)) rmSync(path.join(cacheDir, name), { recursive: true, force: true });
    }
    return mkdtempSync(path.join(cacheDir, `${process.pid}-`));
  } catch {
    return mkdtempSync(path.join(os.tmpdir(), `sessionscope-db-${process.pid}-`));
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
