import 'server-only';
import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { sessionscopeCacheDir } from '../../config';
import { preparePrivateDbFile, privateDbCompanions } from '../../fs/private-cache';
import { migrateSqlite } from './migrate-sqlite';
import { SqliteSessionDb } from './sqlite-session-db';

/** `${XDG_CACHE_HOME:-~/.cache}/sessionscope/sessions.db`: ours, never beside the user's data. */
export function defaultSessionDbFile(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(sessionscopeCacheDir(env), 'sessions.db');
}

function connect(file: string | null): SqliteSessionDb {
  const connection = new Database(file ?? ':memory:', { timeout: 10_000 });
  try {
    if (file) {
      connection.pragma('journal_mode = WAL');
      connection.pragma('synchronous = NORMAL');
      privateDbCompanions(file);
    }
    const db = new SqliteSessionDb(connection, file ?? undefined);
    migrateSqlite(db);
    return db;
  } catch (error) {
    connection.close();
    throw error;
  }
}

function removeDatabaseFiles(file: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
}

function isMissingAddon(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ERR_DLOPEN_FAILED' || /bindings file|better_sqlite3\.node/.test((error as Error).message);
}

/**
 * Opens the session database (the file, or one in memory with `null`). It is a cache:
 * a damaged file, a file of another build's schema or anything else found there is removed and
 * built anew (the readers fill it). `undefined` when SQLite itself cannot load (better-sqlite3's
 * addon): the caller says so and works without it.
 */
export function openSqliteSessionDb(file: string | null): SqliteSessionDb | undefined {
  for (let attempt = 0; ; attempt++) {
    try {
      // The folder 0700, the file 0600, never opened through a link (see private-cache.ts).
      if (file) preparePrivateDbFile(file);
      return connect(file);
    } catch (error) {
      if (isMissingAddon(error)) return undefined;
      if (!file || attempt > 0) throw error;
      console.warn(`[sessionscope] session database ${file} rebuilt: ${(error as Error).message.split('\n')[0]}`);
      removeDatabaseFiles(file);
    }
  }
}
