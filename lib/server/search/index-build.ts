import 'server-only';
import { realpathSync } from 'node:fs';
import type Database from 'better-sqlite3';
import type { Part } from '@/lib/model/part';
import { errorDocument, partDocuments, sessionDocuments, type MessageFacts } from '@/lib/search/session-documents';
import type { SearchDoc } from '@/lib/search/search-types';
import { readTreeTodos } from '../readers/opencode/json/json-tree-content';
import { NoCopyError, openDatabase, type OpenedDatabase } from '../readers/opencode/sqlite/open-database';
import { readSchemaInfo } from '../readers/opencode/sqlite/schema-info';
import type { ReadIssue } from '../readers/read-result';
import { partsOfRows } from '../readers/opencode/sqlite/sqlite-content';
import { prepareQueries, type Queries, type Row } from '../readers/opencode/sqlite/sqlite-queries';
import { renewLease } from './build-lease';
import { openSearchDb, WORKER_BUSY_MS } from './search-db';
import { SearchIndex, type IndexedSession } from './search-index';
import { retryBusySync } from './sqlite-busy';
import { readTreePartsSync, treeSignaturesSync } from './tree-parts-sync';

/** A source the build reads straight from disk: OpenCode's database, or its JSON tree's `storage/`. */
export interface BuildSource {
  kind: 'opencode-sqlite' | 'opencode-json';
  path: string;
}

export interface BuildSession {
  session: IndexedSession;
  /** When the session was created (its title's and todos' time). */
  created: number;
  /** The store's fingerprint of the session (`sessionFingerprint`). */
  fp: string;
  /** Index into `BuildJob.sources`. */
  source: number;
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
}

/** What the build asks of the process that holds the store, and tells it. */
export interface BuildIo {
  /** The facts of these sessions' messages (the store has them; the build does not read messages). */
  facts(sessionIDs: readonly string[]): Promise<[string, MessageFacts][]>;
  progress(done: number, total: number): void;
  /** Told after each transaction of documents (a test hook ends the worker there). */
  flushed?(): void;
}

export interface BuildResult {
  /** Sessions the build read whole and wrote. */
  built: number;
  /** Sessions it could not read (a database a crash left a log beside): the caller reads them. */
  skipped: string[];
}

/**
 * Tries of one transaction while another dashboard holds the file's write lock (each waits the
 * worker's busy timeout): a live write of the other dashboard is waited for, never fatal.
 */
const BUSY_TRIES = 24;

/** Documents written per transaction, or fewer when their text is this long. */
const FLUSH_DOCS = 8_000;
const FLUSH_CHARS = 4_000_000;
/** Part rows read per query of the bulk scan, and at most this many bytes of them (a huge row comes alone). */
const SCAN_ROWS = 1_000;
const SCAN_BYTES = 16_000_000;
/** With more sessions to read than this, a database's part table is read in one pass by rowid (tests set it). */
const bulkSessions = (): number => Number(process.env.SESSIONSCOPE_SEARCH_BULK_ABOVE ?? 50);

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
 * Brings the index up to date for the given OpenCode sessions: compares each session's
 * fingerprint with the stored one and reads the ones that differ straight from the source, in
 * bulk, in large transactions, holding at most one flush of text. Runs in the build worker (its
 * own connection to the index: the process's only writer while it runs).
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
          skipped.push(...sessions.map((s) => s.session.id));
          continue;
        }
        opened[i] = database;
        signatures = sqliteSignatures(database.db);
      } else signatures = treeSignaturesSync(source.path, sessions.map((s) => s.session.id));
      for (const s of sessions) {
        const fp = combinedFingerprint(s.fp, signatures.get(s.session.id));
        const was = stored.get(s.session.id);
        if (was === fp || (job.afterCatchUp && was === s.fp)) continue;
        wanted.set(s.session.id, s);
        fps.set(s.session.id, fp);
      }
    }
    const total = wanted.size;
    io.progress(0, total);
    if (total === 0) return { built: 0, skipped };
    const facts = new Map(await io.facts([...wanted.keys()]));
    const numbers = retryBusySync(() => index.beginBuild([...wanted.values()].map((s) => s.session)), BUSY_TRIES);
    let done = 0;
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
    const writer = new DocWriter(index, numbers, io);
    for (const [i, source] of job.sources.entries()) {
      const sessions = [...wanted.values()].filter((s) => s.source === i);
      if (sessions.length === 0) continue;
      // A session read with issues is written as far as it went, with no fingerprint: read again at the next start.
      const failed = new Set<string>();
      const database = opened[i];
      if (source.kind === 'opencode-sqlite' && database) {
        const q = prepareQueries(database.db, readSchemaInfo(database.db));
        const ids = new Set(sessions.map((s) => s.session.id));
        const onRows = async (rows: Row[]): Promise<void> => {
          const issues: ReadIssue[] = [];
          for (const part of partsOfRows(rows, source.path, issues)) if (ids.has(part.sessionID)) writer.part(part, facts);
          for (const issue of issues) failed.add(sessionOfIssue(rows, issue.path));
          await writer.maybeFlush();
        };
        if (sessions.length > bulkSessions()) {
          const max = Math.max(1, Number(database.db.prepare('SELECT coalesce(max(rowid), 0) FROM part').pluck().get()));
          // A tool's metadata (a third of the bytes: often a copy of its output) is never indexed: SQLite drops it before JS parses the row.
          // The rows' sizes first (SQLite reads them from the record header, not the text).
          const sizes = database.db.prepare('SELECT rowid AS r, coalesce(octet_length(data), 0) AS b FROM part WHERE rowid > ? ORDER BY rowid LIMIT ?');
          const page = database.db.prepare(
            `SELECT rowid AS _r, id, message_id, session_id, time_created,
              CASE WHEN json_valid(data) AND json_extract(data, '$.type') = 'tool' THEN json_remove(data, '$.state.metadata') ELSE data END AS data
            FROM part WHERE rowid > ? AND rowid <= ? ORDER BY rowid`,
          );
          for (let after = 0; ; ) {
            const heads = sizes.all(after, SCAN_ROWS) as { r: number; b: number }[];
            if (heads.length === 0) break;
            let last = after;
            let bytes = 0;
            for (const head of heads) {
              if (last > after && bytes + head.b > SCAN_BYTES) break;
              bytes += head.b;
              last = head.r;
            }
            const rows = page.all(after, last) as Row[];
            after = last;
            await onRows(rows);
            progress(done + Math.floor((sessions.length * Math.min(after, max)) / max));
          }
        } else {
          for (const [n, s] of sessions.entries()) {
            await onRows(q.fullPartsOfSession.all(s.session.id) as Row[]);
            progress(done + n + 1);
          }
        }
        for (const s of sessions) writer.own(s, sqliteTodos(q, s.session.id));
      } else {
        const rootReal = realpathSync(source.path);
        for (const [n, s] of sessions.entries()) {
          const issues: ReadIssue[] = [];
          const read = readTreePartsSync(source.path, rootReal, s.session.id);
          const todos = await readTreeTodos(source.path, s.session.id, issues);
          if (read.failed || issues.length > 0) failed.add(s.session.id);
          for (const part of read.parts) writer.part(part, facts);
          writer.own(s, todos);
          await writer.maybeFlush();
          progress(done + n + 1);
        }
      }
      for (const [id, f] of facts) if (wanted.get(f.sessionID)?.source === i) writer.error(id, f);
      done += sessions.length;
      for (const id of failed) fps.set(id, '');
    }
    writer.flush();
    retryBusySync(() => index.finishBuild(fps), BUSY_TRIES);
    db.pragma('wal_checkpoint(TRUNCATE)');
    progress(total);
    return { built: total, skipped };
  } finally {
    for (const database of opened) database?.close();
    db.close();
  }
}

/** The session a part row's issue names (`<db>#part/<id>`). */
function sessionOfIssue(rows: readonly Row[], issuePath: string): string {
  const id = issuePath.slice(issuePath.lastIndexOf('/') + 1);
  return String(rows.find((row) => String(row.id) === id)?.session_id ?? '');
}

function sqliteTodos(q: Queries, sessionID: string): { content: string }[] {
  return ((q.todos?.all(sessionID) ?? []) as Row[]).map((row) => ({ content: String(row.content ?? '') }));
}

/** Per session: parts, newest update and bytes of its parts (one pass over the part table; its text is not read). */
function sqliteSignatures(db: Database.Database): Map<string, string> {
  const columns = new Set((db.prepare("SELECT name FROM pragma_table_info('part')").all() as { name: string }[]).map((c) => c.name));
  const updated = columns.has('time_updated') ? 'time_updated' : 'time_created';
  const rows = db.prepare(`SELECT session_id AS s, count(*) AS n, max(${updated}) AS u, sum(octet_length(data)) AS b FROM part GROUP BY session_id`).all() as { s: string; n: number; u: number; b: number }[];
  return new Map(rows.map((r) => [String(r.s), `${r.n}:${r.u}:${r.b}`]));
}

/** Collects documents and writes them in large transactions. */
class DocWriter {
  private docs: SearchDoc[] = [];
  private chars = 0;
  private readonly known = new Map<string, number>();

  constructor(
    private readonly index: SearchIndex,
    private readonly numbers: ReadonlyMap<string, number>,
    private readonly io: BuildIo,
  ) {}

  part(part: Part, facts: ReadonlyMap<string, MessageFacts>): void {
    const f = facts.get(part.messageID);
    if (!f || f.sessionID !== part.sessionID) return;
    this.add(() => partDocuments(part, f, this.docs));
  }

  error(messageID: string, f: MessageFacts): void {
    this.add(() => errorDocument(messageID, f, this.docs));
  }

  own(s: BuildSession, todos: readonly { content: string }[]): void {
    this.add(() => this.docs.push(...sessionDocuments({ id: s.session.id, title: s.session.title, time: { created: s.created } }, todos)));
  }

  private add(push: () => void): void {
    const before = this.docs.length;
    push();
    for (let i = before; i < this.docs.length; i++) this.chars += this.docs[i]?.body.length ?? 0;
  }

  async maybeFlush(): Promise<void> {
    if (this.docs.length < FLUSH_DOCS && this.chars < FLUSH_CHARS) return;
    this.flush();
    // Lets the caller's messages in (the worker's port) between two transactions.
    await new Promise((resolve) => setImmediate(resolve));
  }

  flush(): void {
    if (this.docs.length === 0) return;
    // BUSY comes at BEGIN IMMEDIATE, before any row (or message number) is written: the try is simply made again.
    retryBusySync(() => this.index.buildDocs(this.docs, this.numbers, this.known), BUSY_TRIES);
    this.docs = [];
    this.chars = 0;
    this.io.flushed?.();
  }
}
