import 'server-only';
import type Database from 'better-sqlite3';
import type { PackedFacts } from '@/lib/search/packed-facts';
import type { SearchDoc } from '@/lib/search/search-types';
import { NoCopyError, openDatabase, type OpenedDatabase } from '../readers/opencode/sqlite/open-database';
import { renewLease } from './build-lease';
import { isTranscriptSource, type BuildSource } from './build-docs';
import { readDocs, type DocsMode } from './docs-reader';
import { openSearchDb, WORKER_BUSY_MS } from './search-db';
import { SearchIndex, type IndexedSession } from './search-index';
import { retryBusySync } from './sqlite-busy';
import { treeSignaturesSync } from './tree-parts-sync';
import { appendAll } from '@/lib/arrays/append-all';

export type { BuildSource } from './build-docs';

export interface BuildSession {
  session: IndexedSession;
  /** When the session was created (its title's and todos' time). */
  created: number;
  /** The store's fingerprint of the session (`sessionFingerprint`). */
  fp: string;
  /** Index into `BuildJob.sources`. */
  source: number;
  /** A transcript source's: the session's file (the reader's `sessionFile`). */
  file?: string;
  /** A transcript source's subagent: its parent session (pi's read of the file takes it). */
  parentID?: string;
}

export interface BuildJob {
  indexFile: string;
  /** The lease token of the dashboard that runs the build: renewed with each transaction (build-lease.ts). */
  lease?: string;
  /**
   * A dashboard that caught the index up is still running (build-lease.ts `followedLive`): a
   * session written live since (the store's fingerprint alone) is current if it equals ours.
   */
  afterCatchUp?: boolean;
  sources: BuildSource[];
  sessions: BuildSession[];
  /** Where the sources are read: a worker of its own beside this thread's writing (the build worker), or here. */
  readMode?: DocsMode;
  /**
   * Begun while the store still reads (its messages are in, its parts not yet): the store's
   * fingerprints are not known, so none is written; the sessions' part signatures come back in
   * the result, and the caller writes the fingerprints once the store is done (search-updater.ts).
   */
  early?: boolean;
}

/** What the build asks of the process that holds the store, and tells it. */
export interface BuildIo {
  /** The facts of these sessions' messages (the store has them; the build does not read messages). */
  facts(sessionIDs: readonly string[]): Promise<PackedFacts>;
  progress(done: number, total: number): void;
  /** Told after each transaction of documents (a test hook ends the worker there). */
  flushed?(): void;
}

export interface BuildResult {
  /** Sessions the build read whole and wrote. */
  built: number;
  /** Sessions it could not read (a database a crash left a log beside): the caller reads them. */
  skipped: string[];
  /** An early build's sessions read whole, with their part signatures (for combinedFingerprint). */
  partSignatures?: [string, string | undefined][];
}

/**
 * Tries of one transaction while another dashboard holds the file's write lock (each waits the
 * worker's busy timeout): a live write of the other dashboard is waited for, never fatal.
 */
const BUSY_TRIES = 24;

/**
 * The stored fingerprint: the store's own (session record, messages, newest parts) and what the
 * source tells cheaply of every part (count, newest update, bytes), so that an old part edited
 * in place is read again. A live write stores the store's alone: that session is re-read at the
 * next start.
 */
export function combinedFingerprint(storeFp: string, partSignature: string | undefined): string {
  return `${storeFp}|${partSignature ?? '-'}`;
}

/** The store's part of a stored fingerprint. */
export function storePartOf(fp: string): string {
  const bar = fp.indexOf('|');
  return bar < 0 ? fp : fp.slice(0, bar);
}

/**
 * Brings the index up to date for the given sessions (OpenCode's and the transcript sources'): compares each session's
 * fingerprint with the stored one and reads the ones that differ straight from the source, in
 * bulk (build-docs.ts: on a worker of its own with `readMode: 'worker'`), writing each batch of
 * documents in one transaction as it comes. Runs in the build worker (its own connection to the
 * index: the process's only writer while it runs).
 */
export async function buildIndex(job: BuildJob, io: BuildIo): Promise<BuildResult> {
  const { db } = openSearchDb(job.indexFile, { busyMs: WORKER_BUSY_MS });
  // Inserts land all over the documents' session index: a larger page cache than SQLite's 2 MB.
  db.pragma('cache_size = -32000');
  const index = new SearchIndex(db);
  const opened: (OpenedDatabase | undefined)[] = [];
  try {
    const stored = index.fingerprints();
    const skipped: string[] = [];
    const wanted = new Map<string, BuildSession>();
    const fps = new Map<string, string>();
    const parts = new Map<string, string | undefined>();
    const signed = new Set<string>();
    for (const [i, source] of job.sources.entries()) {
      const sessions = job.sessions.filter((s) => s.source === i);
      if (sessions.length === 0) continue;
      let signatures: Map<string, string>;
      if (source.kind === 'opencode-sqlite') {
        // Never a copy from here: where the database can only be read from one (no URI names), the
        // store's reader has made it, and the caller reads through that.
        const database = await openDatabase(source.path, undefined, true, false).catch((error: unknown) => {
          if (error instanceof NoCopyError) return undefined;
          throw error;
        });
        if (!database) {
          appendAll(skipped, sessions.map((s) => s.session.id));
          continue;
        }
        opened[i] = database;
        signatures = sqliteSignatures(database.db);
      } else if (isTranscriptSource(source)) {
        // A transcript's parts are in the store's own fingerprint (session-fingerprint.ts): the source adds nothing.
        signatures = new Map();
      } else {
        // A session the index has never seen is read whatever its signature: taken as it is read.
        for (const s of sessions) if (!stored.has(s.session.id)) signed.add(s.session.id);
        signatures = treeSignaturesSync(source.path, sessions.filter((s) => !signed.has(s.session.id)).map((s) => s.session.id));
      }
      for (const s of sessions) {
        const fp = isTranscriptSource(source) ? s.fp : combinedFingerprint(s.fp, signatures.get(s.session.id));
        const was = stored.get(s.session.id);
        if (was === fp || (job.afterCatchUp && was === s.fp)) continue;
        wanted.set(s.session.id, s);
        fps.set(s.session.id, fp);
        parts.set(s.session.id, signatures.get(s.session.id));
      }
    }
    const total = wanted.size;
    io.progress(0, total);
    if (total === 0) return { built: 0, skipped };
    let facts: PackedFacts | undefined = await io.facts([...wanted.keys()]);
    const numbers = retryBusySync(() => index.beginBuild([...wanted.values()].map((s) => s.session)), BUSY_TRIES);
    for (const database of opened) database?.close();
    opened.length = 0;
    let renewed = Date.now();
    const progress = (n: number): void => {
      io.progress(n, total);
      // Said in the file too, about every second: a dashboard waiting for this build shows it, and sees this one is alive.
      const lease = job.lease;
      if (lease !== undefined && (n === total || Date.now() - renewed >= 1_000)) {
        renewed = Date.now();
        retryBusySync(() => renewLease(db, lease, { done: n, total }), BUSY_TRIES);
      }
    };
    const known = new Map<string, number>();
    const write = (docs: SearchDoc[]): void => {
      // BUSY comes at BEGIN IMMEDIATE, before any row (or message number) is written: the try is simply made again.
      retryBusySync(() => index.buildDocs(docs, numbers, known), BUSY_TRIES);
      io.flushed?.();
    };
    const plan = { sources: job.sources, sessions: [...wanted.values()].map((s) => ({ id: s.session.id, title: s.session.title, created: s.created, source: s.source, signed: signed.has(s.session.id), ...(s.file !== undefined ? { file: s.file } : {}), ...(s.parentID !== undefined ? { parentID: s.parentID } : {}) })) };
    const reading = readDocs(plan, facts, { docs: write, progress }, job.readMode ?? 'inline');
    // The reader has them (on its worker, the columns moved): what is left here is let go while the index is written.
    facts = undefined;
    const read = await reading;
    for (const [id, signature] of read.signatures) {
      fps.set(id, combinedFingerprint(wanted.get(id)?.fp ?? '', signature));
      parts.set(id, signature);
    }
    // A session read with issues is written as far as it went, with no fingerprint: read again at the next start.
    for (const id of read.failed) {
      fps.set(id, '');
      parts.delete(id);
    }
    if (!job.early) retryBusySync(() => index.finishBuild(fps), BUSY_TRIES);
    db.pragma('wal_checkpoint(TRUNCATE)');
    progress(total);
    return { built: total, skipped, ...(job.early ? { partSignatures: [...parts] } : {}) };
  } finally {
    for (const database of opened) database?.close();
    db.close();
  }
}

/** Per session: parts, newest update and bytes of its parts (one pass over the part table; its text is not read). */
function sqliteSignatures(db: Database.Database): Map<string, string> {
  const columns = new Set((db.prepare("SELECT name FROM pragma_table_info('part')").all() as { name: string }[]).map((c) => c.name));
  const updated = columns.has('time_updated') ? 'time_updated' : 'time_created';
  const rows = db.prepare(`SELECT session_id AS s, count(*) AS n, max(${updated}) AS u, sum(octet_length(data)) AS b FROM part GROUP BY session_id`).all() as { s: string; n: number; u: number; b: number }[];
  return new Map(rows.map((r) => [String(r.s), `${r.n}:${r.u}:${r.b}`]));
}
