import 'server-only';
import type Database from 'better-sqlite3';
import type { MessageRole } from '@/lib/model/message';
import type { SourceKind } from '@/lib/model/source';
import type { DocKind, SearchDoc, SearchHit } from '@/lib/search/search-types';
import { appendAll } from '@/lib/arrays/append-all';

/** What the index keeps of a session besides its documents: what filters and hits name. */
export interface IndexedSession {
  id: string;
  source: SourceKind;
  projectID: string;
  title: string;
  /** What the session's own documents (title, todos) were made from: written again when it changes. */
  own: string;
}

/** One session's new documents: all of them, or those of some messages (and then maybe its own). */
export interface SessionWrite {
  session: IndexedSession;
  /** The session's fingerprint once written ('' when the read was incomplete: checked again next start). */
  fp: string;
  /** `all`: every document of the session is replaced; else those of these messages, and the title/todos if `own`. */
  replace: 'all' | { messages: readonly string[]; own: boolean };
  docs: readonly SearchDoc[];
}

export interface SearchFilters {
  sources?: readonly SourceKind[];
  project?: string;
  agent?: string;
  model?: string;
  from?: number;
  to?: number;
  role?: MessageRole;
  kinds?: readonly DocKind[];
  session?: string;
}

/** A hit as the index knows it: where, not what (the text is read from the source for the snippet). */
export type IndexedHit = Omit<SearchHit, 'snippet'>;

export interface SearchPage {
  hits: IndexedHit[];
  more: boolean;
  /** How many documents match, counted up to COUNT_CAP (asked for on a first page only). */
  total?: number;
}

/** Counting every match of a common word is what costs: past this many, "10,000+". */
export const COUNT_CAP = 10_000;

interface HitRow {
  id: number;
  session: string;
  message: string | null;
  part: string | null;
  kind: DocKind;
  role: MessageRole | null;
  agent: string | null;
  model: string | null;
  time: number;
  title: string;
  source: SourceKind;
  project: string;
}

/** What a hit names, by id (interned numbers resolved). */
const HIT_COLUMNS = 'd.id, s.id AS session, m.id AS message, d.part, d.kind, m.role, m.agent, m.model, d.time, s.title, s.source, s.project';

/** How many of the newest matches an unfiltered query ranks (see `query`). */
export const RANK_WINDOW = 2_000;

/** The derived full-text index: documents in, ranked hits out. Knows nothing of sources or the store. */
export class SearchIndex {
  private readonly statements = new Map<string, Database.Statement>();

  constructor(readonly db: Database.Database) {}

  private st(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) this.statements.set(sql, (statement = this.db.prepare(sql)));
    return statement;
  }

  fingerprints(): Map<string, string> {
    const rows = this.st('SELECT id, fp FROM sessions').all() as { id: string; fp: string }[];
    return new Map(rows.map((r) => [r.id, r.fp]));
  }

  /** A session's stored fingerprint and title (undefined if it was never written). */
  stored(id: string): { fp: string; own: string } | undefined {
    return this.st('SELECT fp, own FROM sessions WHERE id = ?').get(id) as { fp: string; own: string } | undefined;
  }

  /** Sessions in the index (plans, indexed beside them, not counted). */
  sessionCount(): number {
    return (this.st("SELECT count(*) AS n FROM sessions WHERE id NOT LIKE 'plan:%'").get() as { n: number }).n;
  }

  /** Stored rows whose id starts with `prefix`, with what their documents were made from. */
  ownByPrefix(prefix: string): Map<string, string> {
    const rows = this.st('SELECT id, own FROM sessions WHERE substr(id, 1, length(?)) = ?').all(prefix, prefix) as { id: string; own: string }[];
    return new Map(rows.map((r) => [r.id, r.own]));
  }

  /** The session's row (its number), written or updated; `fp` '' until its documents are all in. */
  private putSession(session: IndexedSession, fp: string): number {
    this.st('INSERT INTO sessions(id, fp, source, project, title, own) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET fp = excluded.fp, source = excluded.source, project = excluded.project, title = excluded.title, own = excluded.own').run(
      session.id,
      fp,
      session.source,
      session.projectID,
      session.title,
      session.own,
    );
    return (this.st('SELECT n FROM sessions WHERE id = ?').get(session.id) as { n: number }).n;
  }

  /** The message's row (its number), written with what its documents are filtered by the first time a transaction meets it. */
  private messageNumber(session: number, id: string, doc: SearchDoc, known: Map<string, number>): number {
    const key = `${session}\u0000${id}`;
    let n = known.get(key);
    if (n === undefined) {
      this.st('INSERT INTO messages(session, id, role, agent, model) VALUES (?, ?, ?, ?, ?) ON CONFLICT(session, id) DO UPDATE SET role = excluded.role, agent = excluded.agent, model = excluded.model').run(
        session,
        id,
        doc.role ?? null,
        doc.agent ?? null,
        doc.model ?? null,
      );
      n = (this.st('SELECT n FROM messages WHERE session = ? AND id = ?').get(session, id) as { n: number }).n;
      known.set(key, n);
    }
    return n;
  }

  /** Inserts documents of sessions already written (`sessions` maps their ids to their numbers). Call inside a transaction. */
  private insertDocs(docs: readonly SearchDoc[], sessions: ReadonlyMap<string, number>, known: Map<string, number>): void {
    const insert = this.st('INSERT INTO docs(session, message, part, kind, time) VALUES (?, ?, ?, ?, ?)');
    const index = this.st('INSERT INTO fts(rowid, body) VALUES (?, ?)');
    for (const d of docs) {
      const session = sessions.get(d.sessionID);
      if (session === undefined) continue;
      const message = d.messageID === undefined ? null : this.messageNumber(session, d.messageID, d, known);
      const { lastInsertRowid } = insert.run(session, message, d.partID ?? null, d.kind, Math.round(d.time));
      index.run(lastInsertRowid, d.body);
    }
  }

  private clearSession(n: number): void {
    this.st('DELETE FROM docs WHERE session = ?').run(n);
    this.st('DELETE FROM messages WHERE session = ?').run(n);
  }

  /** Writes sessions' documents, all in one transaction (a reader never sees half a session). */
  write(writes: readonly SessionWrite[]): void {
    const run = this.db.transaction(() => {
      const known = new Map<string, number>();
      for (const w of writes) {
        const n = this.putSession(w.session, w.fp);
        if (w.replace === 'all') this.clearSession(n);
        else {
          for (const message of w.replace.messages) this.st('DELETE FROM docs WHERE session = ? AND message = (SELECT n FROM messages WHERE session = ? AND id = ?)').run(n, n, message);
          if (w.replace.own) this.st('DELETE FROM docs WHERE session = ? AND message IS NULL').run(n);
        }
        this.insertDocs(w.docs, new Map([[w.session.id, n]]), known);
      }
    });
    run.immediate();
  }

  /**
   * The bulk build (the build worker): sessions are written first with no fingerprint and no
   * documents (search shows them as they fill), documents follow in large transactions, and the
   * fingerprints last. A build cut short leaves sessions without one: read whole at the next start.
   */
  beginBuild(sessions: readonly IndexedSession[]): Map<string, number> {
    const numbers = new Map<string, number>();
    this.db
      .transaction(() => {
        for (const session of sessions) {
          const n = this.putSession(session, '');
          this.clearSession(n);
          numbers.set(session.id, n);
        }
      })
      .immediate();
    return numbers;
  }

  buildDocs(docs: readonly SearchDoc[], sessions: ReadonlyMap<string, number>, known: Map<string, number>): void {
    this.db.transaction(() => this.insertDocs(docs, sessions, known)).immediate();
  }

  finishBuild(fps: ReadonlyMap<string, string>): void {
    this.db
      .transaction(() => {
        for (const [id, fp] of fps) this.st('UPDATE sessions SET fp = ? WHERE id = ?').run(fp, id);
      })
      .immediate();
  }

  /** Sessions that hold any of these parts (a scan of the narrow documents table: removals of old parts are rare). */
  sessionsHolding(parts: readonly string[]): Set<string> {
    const out = new Set<string>();
    for (let i = 0; i < parts.length; i += 500) {
      const chunk = parts.slice(i, i + 500);
      const rows = this.db.prepare(`SELECT DISTINCT s.id FROM docs d JOIN sessions s ON s.n = d.session WHERE d.part IN (${chunk.map(() => '?').join(', ')})`).all(...chunk) as { id: string }[];
      for (const r of rows) out.add(r.id);
    }
    return out;
  }

  /** Forgets sessions that are gone. */
  remove(ids: { sessions: readonly string[] }): void {
    const run = this.db.transaction(() => {
      for (const session of ids.sessions ?? []) {
        const row = this.st('SELECT n FROM sessions WHERE id = ?').get(session) as { n: number } | undefined;
        if (!row) continue;
        this.clearSession(row.n);
        this.st('DELETE FROM sessions WHERE n = ?').run(row.n);
      }
    });
    run.immediate();
  }

  /** Hits for an FTS5 expression (see `parseSearchQuery`), best first (or in time order, for one session's next/previous). */
  query(match: string, filters: SearchFilters, page: { limit: number; offset: number; order: 'rank' | 'time' | 'newest'; count?: boolean }): SearchPage {
    const where = ['fts MATCH ?'];
    const params: (string | number)[] = [match];
    const add = (clause: string, ...values: (string | number)[]) => {
      where.push(clause);
      appendAll(params, values);
    };
    if (filters.sources?.length) add(`s.source IN (${filters.sources.map(() => '?').join(', ')})`, ...filters.sources);
    if (filters.project) add('s.project = ?', filters.project);
    if (filters.session) add('d.session = (SELECT n FROM sessions WHERE id = ?)', filters.session);
    if (filters.agent) add('m.agent = ?', filters.agent.toLowerCase());
    if (filters.model) add('m.model = ?', filters.model);
    if (filters.from !== undefined) add('d.time >= ?', filters.from);
    if (filters.to !== undefined) add('d.time <= ?', filters.to);
    if (filters.role) add('m.role = ?', filters.role);
    if (filters.kinds?.length) add(`d.kind IN (${filters.kinds.map(() => '?').join(', ')})`, ...filters.kinds);
    let sql: string;
    let total: number | undefined;
    if (page.count) {
      const counted = `SELECT 1 FROM fts JOIN docs d ON d.id = fts.rowid JOIN sessions s ON s.n = d.session LEFT JOIN messages m ON m.n = d.message WHERE ${where.join(' AND ')} LIMIT ${COUNT_CAP + 1}`;
      total = (this.st(`SELECT count(*) AS n FROM (${counted})`).get(...params) as { n: number }).n;
    }
    if (page.order === 'time' || page.order === 'newest') {
      // In order (find-in-session, or newest first): the documents, each checked against the matches; no ranking.
      where[0] = 'd.id IN (SELECT rowid FROM fts WHERE fts MATCH ?)';
      const direction = page.order === 'newest' ? 'DESC' : 'ASC';
      sql = `SELECT ${HIT_COLUMNS}
        FROM docs d JOIN sessions s ON s.n = d.session LEFT JOIN messages m ON m.n = d.message WHERE ${where.join(' AND ')} ORDER BY d.time ${direction}, d.id ${direction} LIMIT ? OFFSET ?`;
    } else {
      if (where.length === 1) {
        // A common word matches most documents and ranking them all is what costs: with nothing to
        // narrow it, only the newest RANK_WINDOW matches are ranked.
        const floor = this.st('SELECT rowid FROM fts WHERE fts MATCH ? ORDER BY rowid DESC LIMIT 1 OFFSET ?').get(match, RANK_WINDOW - 1) as { rowid: number } | undefined;
        if (floor) add('fts.rowid >= ?', floor.rowid);
      }
      sql = `SELECT ${HIT_COLUMNS}
        FROM fts JOIN docs d ON d.id = fts.rowid JOIN sessions s ON s.n = d.session LEFT JOIN messages m ON m.n = d.message
        WHERE ${where.join(' AND ')} ORDER BY rank LIMIT ? OFFSET ?`;
    }
    const rows = this.st(sql).all(...params, page.limit + 1, page.offset) as HitRow[];
    return { hits: rows.slice(0, page.limit).map(toHit), more: rows.length > page.limit, ...(total === undefined ? {} : { total }) };
  }
}

function toHit(r: HitRow): IndexedHit {
  return {
    sessionID: r.session,
    sessionTitle: r.title,
    source: r.source,
    projectID: r.project,
    ...(r.message ? { messageID: r.message } : {}),
    ...(r.part ? { partID: r.part } : {}),
    kind: r.kind,
    ...(r.role ? { role: r.role } : {}),
    ...(r.agent ? { agent: r.agent } : {}),
    ...(r.model ? { model: r.model } : {}),
    time: r.time,
  };
}
