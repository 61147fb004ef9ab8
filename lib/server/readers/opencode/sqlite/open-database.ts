import 'server-only';
import Database from 'better-sqlite3';
import { closeSync, copyFileSync, existsSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
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

/**
 * Opens OpenCode's database without ever creating, changing or deleting a file next to it.
 *
 * SQLite opening a WAL database read-only still creates `-wal` and `-shm` when they are absent.
 * So: when OpenCode has them open (it is running, or left them), attach read-only to them; otherwise
 * read a private copy whose header says "rollback journal", in our own temp folder.
 */
export function openDatabase(dbPath: string): OpenedDatabase {
  if (statSync(dbPath).size === 0) throw new Error('empty database file (OpenCode may be creating it)');
  if (existsSync(`${dbPath}-wal`) && existsSync(`${dbPath}-shm`)) {
    const db = new Database(dbPath, { readonly: true, fileMustExist: true, timeout: 2000 });
    db.pragma('query_only = ON');
    return { db, mode: 'live', note: 'read-only, following the write-ahead log', close: () => db.close() };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-db-'));
  const copy = path.join(dir, 'snapshot.db');
  try {
    copyFileSync(dbPath, copy);
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
