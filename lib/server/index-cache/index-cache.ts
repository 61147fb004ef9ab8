import 'server-only';
import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CacheWriteBackoff } from '../fs/cache-write-backoff';
import { preparePrivateDbFile, privateDbCompanions } from '../fs/private-cache';

/** What is in the file and how it is laid out; anything else found there is rebuilt. */
const FORMAT = 'sessionscope-summary-index';
// 2: messages say when their agent records no cost (`costUnrecorded`): summaries of version 1 lack it.
// 3: OpenCode's SQLite database is no longer kept here (the session database and its resume mark
// serve its restarts): started over, its entries (~5% of the database's size) go.
const VERSION = '3';

/** One record as a source last read it: `version` is what the source tells cheaply (rowid and time, size and mtime). */
export interface CachedEntry {
  version: string;
  value: string;
}

/** Where one source's entries are: a worker thread reads them through a connection of its own. */
export interface IndexLocation {
  file: string;
  source: string;
}

/** One source's part of the index (`source` names the reader and its root). */
export interface SourceCache {
  location?: IndexLocation;
  query(): Map<string, CachedEntry>;
  /** Entries in key order after `afterKey`, at most `limit` (a restart streams them, never holding all at once). */
  page(afterKey: string, limit: number): [key: string, version: string, value: string][];
  /** One entry's version, if there is one. */
  version(key: string): string | undefined;
  /** False when nothing was written (a failing disk: see CacheWriteBackoff); the caller then claims no completeness. */
  update(upserts: Iterable<readonly [key: string, version: string, value: string]>, removed?: Iterable<string>): boolean;
}

/** `${XDG_CACHE_HOME:-~/.cache}/sessionscope/summary-index.db`: never next to the data it describes. */
export function defaultIndexFile(env: NodeJS.ProcessEnv = process.env): string {
  const cacheHome = env.XDG_CACHE_HOME?.trim() ? env.XDG_CACHE_HOME : path.join(os.homedir(), '.cache');
  return path.join(cacheHome, 'sessionscope', 'summary-index.db');
}

/**
 * The persistent summary index: what each source's records were the last time they were read, so a
 * restart parses only what changed. It is a cache: deleting it loses nothing, a corrupt or
 * foreign-version file is rebuilt, and several dashboards share it through SQLite's own locking
 * (WAL, busy timeout). Every failure degrades to "nothing cached", never to an error.
 */
export class IndexCache {
  private db: Database.Database | undefined;
  /** Writes that fail for any reason but a busy or damaged file (a full disk): said once, tried less and less often. */
  private readonly backoff = new CacheWriteBackoff('the summary index');

  private constructor(readonly file: string) {}

  /** Opens (or creates, or rebuilds) the index; undefined when the cache folder cannot be used at all. */
  static open(file = defaultIndexFile()): IndexCache | undefined {
    const cache = new IndexCache(file);
    return cache.connect() ? cache : undefined;
  }

  private connect(): boolean {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        // The folder 0700, the file 0600 and never a link (see private-cache.ts).
        preparePrivateDbFile(this.file);
      } catch {
        return false;
      }
      try {
        this.db = connectTo(this.file);
        privateDbCompanions(this.file);
        return true;
      } catch (error) {
        this.db = undefined;
        // better-sqlite3 itself did not load (lib/server/readers/opencode/sqlite/load-better-sqlite.ts
        // says so): the file is fine, keep it for when it does.
        if ((error as NodeJS.ErrnoException).code === 'ERR_DLOPEN_FAILED' || /bindings file|better_sqlite3\.node/.test((error as Error).message)) return false;
        // Corrupt, or not a database: it is only a cache.
        removeIndexFiles(this.file);
      }
    }
    return false;
  }

  /** A handle on one source's entries. */
  source(name: string): SourceCache {
    return {
      location: { file: this.file, source: name },
      query: () => this.query(name),
      page: (afterKey, limit) => this.page(name, afterKey, limit),
      version: (key) => this.version(name, key),
      update: (upserts, removed) => this.update(name, upserts, removed),
    };
  }

  query(source: string): Map<string, CachedEntry> {
    const entries = new Map<string, CachedEntry>();
    try {
      const rows = this.db?.prepare('SELECT key, version, value FROM entry WHERE source = ?').raw().iterate(source) as Iterable<[string, string, string]> | undefined;
      for (const [key, version, value] of rows ?? []) entries.set(key, { version, value });
    } catch {
      this.rebuild();
      entries.clear();
    }
    return entries;
  }

  page(source: string, afterKey: string, limit: number): [string, string, string][] {
    try {
      return (this.db?.prepare('SELECT key, version, value FROM entry WHERE source = ? AND key > ? ORDER BY key LIMIT ?').raw().all(source, afterKey, limit) ?? []) as [string, string, string][];
    } catch {
      this.rebuild();
      return [];
    }
  }

  version(source: string, key: string): string | undefined {
    try {
      return (this.db?.prepare('SELECT version FROM entry WHERE source = ? AND key = ?').pluck().get(source, key) ?? undefined) as string | undefined;
    } catch {
      this.rebuild();
      return undefined;
    }
  }

  update(source: string, upserts: Iterable<readonly [string, string, string]>, removed: Iterable<string> = []): boolean {
    const db = this.db;
    if (!db || this.backoff.waiting()) return false;
    try {
      const put = db.prepare('INSERT OR REPLACE INTO entry (source, key, version, value) VALUES (?, ?, ?, ?)');
      const drop = db.prepare('DELETE FROM entry WHERE source = ? AND key = ?');
      db.transaction(() => {
        for (const [key, version, value] of upserts) put.run(source, key, version, value);
        for (const key of removed) drop.run(source, key);
      }).immediate();
      this.backoff.succeeded();
      return true;
    } catch (error) {
      // Busy beyond the timeout (another dashboard writing a lot), or corrupt: nothing is lost but speed.
      if (!stillReadable(db)) this.rebuild();
      else if ((error as { code?: unknown }).code !== 'SQLITE_BUSY') this.backoff.failed(error);
      return false;
    }
  }

  close(): void {
    this.db?.close();
    this.db = undefined;
  }

  private rebuild(): void {
    this.close();
    removeIndexFiles(this.file);
    this.connect();
  }
}

function connectTo(file: string): Database.Database {
  const db = new Database(file, { timeout: 5_000 });
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.transaction(() => {
      db.exec('CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID');
      const meta = new Map((db.prepare('SELECT key, value FROM meta').raw().all() as [string, string][]));
      if (meta.get('format') === FORMAT && meta.get('version') === VERSION) return;
      // New, or written by another version: start over (a cache holds nothing the sources do not).
      db.exec('DROP TABLE IF EXISTS entry');
      db.exec('CREATE TABLE entry (source TEXT NOT NULL, key TEXT NOT NULL, version TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (source, key)) WITHOUT ROWID');
      db.exec('DELETE FROM meta');
      db.prepare('INSERT INTO meta (key, value) VALUES (?, ?), (?, ?)').run('format', FORMAT, 'version', VERSION);
    }).immediate();
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function removeIndexFiles(file: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
}

function stillReadable(db: Database.Database): boolean {
  try {
    db.prepare('SELECT 1 FROM meta LIMIT 1').get();
    return true;
  } catch {
    return false;
  }
}
