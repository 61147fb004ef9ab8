import 'server-only';
import { createHash } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { preparePrivateDbFile, privateDbCompanions } from '../fs/private-cache';
import { retryBusySync } from './sqlite-busy';

/** Bumped when the tables or what goes into them change: another version's file is rebuilt. */
export const SEARCH_SCHEMA_VERSION = '7';

/*
 * Ids are interned: a session's and a message's id is stored once (`sessions`, `messages`) and
 * documents name them by integer; a message's role, agent and model (the filters) are its row's,
 * not each of its documents' (they were a third of the documents table). The text itself is not kept: the FTS5 table is contentless
 * (words and positions), and a page's 20 snippets are cut from the source (doc-text.ts). Words are
 * stemmed (porter over unicode61): "lists" finds "list", "listed" and "listing".
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS sessions(
  n INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, fp TEXT NOT NULL, source TEXT NOT NULL, project TEXT NOT NULL, title TEXT NOT NULL,
  own TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS messages(n INTEGER PRIMARY KEY, session INTEGER NOT NULL, id TEXT NOT NULL, role TEXT, agent TEXT, model TEXT);
CREATE UNIQUE INDEX IF NOT EXISTS messages_key ON messages(session, id);
CREATE TABLE IF NOT EXISTS docs(id INTEGER PRIMARY KEY, session INTEGER NOT NULL, message INTEGER, part TEXT, kind TEXT NOT NULL, time INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS docs_session ON docs(session, message);
CREATE VIRTUAL TABLE IF NOT EXISTS fts USING fts5(body, content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2');
CREATE TRIGGER IF NOT EXISTS docs_ad AFTER DELETE ON docs BEGIN DELETE FROM fts WHERE rowid = old.id; END;
`;


/**
 * The index file for one set of sources (`search-v<version>-<hash>.db`): two dashboards reading the same
 * data share it, dashboards reading different data never delete each other's sessions.
 */
export function searchDbPath(cacheDir: string, roots: readonly string[]): string {
  const scope = createHash('sha256').update([...roots].sort().join('\n')).digest('hex').slice(0, 12);
  return path.join(cacheDir, `search-v${SEARCH_SCHEMA_VERSION}-${scope}.db`);
}

function removeFiles(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
}

/**
 * Index files an older version left for the same data folders (`search-v<N>-<hash>.db`, N lower than
 * this version's): never opened again, and each as large as the index (0.14x the history at 20,000
 * sessions). Removed once this version's file is open; never fatal (it is tidying). A dashboard of
 * the older version still running keeps the file it has open and builds a new one at its next start.
 */
export function removeOlderIndexes(file: string): void {
  const name = /^search-v(\d+)-([0-9a-f]+)\.db$/;
  const own = name.exec(path.basename(file));
  if (!own) return;
  try {
    for (const entry of readdirSync(path.dirname(file))) {
      const other = name.exec(entry);
      if (other && other[2] === own[2] && Number(other[1]) < Number(own[1])) removeFiles(path.join(path.dirname(file), entry));
    }
  } catch (error) {
    console.warn(`[sessionscope] older search indexes beside ${file} not removed: ${(error as Error).message}`);
  }
}

/**
 * How long a write waits for another connection's (another dashboard's) lock inside SQLite. The
 * main thread waits briefly and tries again later without blocking requests (`retryBusy`); the
 * build worker may block, and waits long.
 */
export const MAIN_BUSY_MS = 250;
export const WORKER_BUSY_MS = 5_000;

function openAndCheck(file: string, busyMs: number): Database.Database {
  const db = new Database(file, { timeout: busyMs });
  try {
    // WAL: a second dashboard reads while the first writes; the busy timeout covers short write overlaps.
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec(SCHEMA);
    const version = db.prepare<[], { value: string }>("SELECT value FROM meta WHERE key = 'schema'").get()?.value;
    if (version === undefined) db.prepare("INSERT OR IGNORE INTO meta(key, value) VALUES ('schema', ?)").run(SEARCH_SCHEMA_VERSION);
    else if (version !== SEARCH_SCHEMA_VERSION) throw new ForeignIndexError(`schema ${version}`);
    // Reads a page of every table: garbage over the file fails here rather than at the first search.
    db.prepare('SELECT count(*) FROM (SELECT n FROM sessions LIMIT 1)').get();
    db.prepare("SELECT count(*) FROM fts WHERE fts MATCH 'integrity' LIMIT 1").get();
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

export class ForeignIndexError extends Error {}

/**
 * What is wrong with an index whose first pages open fine, or undefined: damaged pages anywhere
 * (`quick_check`, which runs FTS5's own check of its index too), or documents and full-text rows
 * that do not match (documents lost: every search answered 0 hits while the index said "ready").
 * Reads the whole file: run off the server's thread (see QueryRunner.check).
 */
export function searchIndexProblem(db: Database.Database): string | undefined {
  const check = db.pragma('quick_check', { simple: true });
  if (check !== 'ok') return `quick_check: ${String(check)}`;
  const docs = db.prepare<[], number>('SELECT count(*) FROM docs').pluck().get() ?? 0;
  const indexed = db.prepare<[], number>('SELECT count(*) FROM fts_docsize').pluck().get() ?? 0;
  if (docs !== indexed) return `${docs} documents but ${indexed} in the full-text index`;
  return undefined;
}

/** The error a failed check becomes: a damaged index, rebuilt like one SQLite reports. */
export function damagedIndexError(problem: string): Error {
  return Object.assign(new Error(`search index damaged: ${problem}`), { code: 'SQLITE_CORRUPT' });
}

/** SQLite's answers for a file that is not a database, or a damaged one. */
export function isCorruption(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return error instanceof ForeignIndexError || code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB' || (typeof code === 'string' && code.startsWith('SQLITE_CORRUPT'));
}

/**
 * Opens (or creates) the index. It is a cache: a damaged file or one of another version is
 * deleted and built again; nothing is lost but the time to rebuild it.
 */
export function openSearchDb(file: string, options: { fresh?: boolean; busyMs?: number } = {}): { db: Database.Database; rebuilt: boolean } {
  const busyMs = options.busyMs ?? MAIN_BUSY_MS;
  if (options.fresh) removeFiles(file);
  // Two dashboards starting together both create the tables and switch the file to WAL: the loser waits and looks again.
  // The folder 0700, the file 0600 and never a link (see private-cache.ts): its vocabulary lists every word indexed.
  const open = () =>
    retryBusySync(() => {
      preparePrivateDbFile(file);
      const db = openAndCheck(file, busyMs);
      privateDbCompanions(file);
      return db;
    }, Math.ceil(10_000 / busyMs));
  try {
    return { db: open(), rebuilt: false };
  } catch (error) {
    if (!isCorruption(error)) throw error;
    console.warn(`[sessionscope] search index ${file} unreadable (${(error as Error).message}): rebuilding it`);
    removeFiles(file);
    return { db: open(), rebuilt: true };
  }
}
