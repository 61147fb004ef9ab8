import 'server-only';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type Database from 'better-sqlite3';
import type { MessageRole } from '@/lib/model/message';
import type { SourceKind } from '@/lib/model/source';
import { makeSnippet, type MarkWord } from '@/lib/search/make-snippet';
import type { DocKind, SearchDoc, SearchHit } from '@/lib/search/search-types';

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

export interface SearchPage {
  hits: SearchHit[];
  more: boolean;
}

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

/** How many of the newest matches an unfiltered query ranks (see `query`). */
export const RANK_WINDOW = 5_000;

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

  sessionCount(): number {
    return (this.st('SELECT count(*) AS n FROM sessions').get() as { n: number }).n;
  }

  /** Writes sessions' documents, all in one transaction (a reader never sees half a session). */
  write(writes: readonly SessionWrite[]): void {
    const run = this.db.transaction(() => {
      for (const w of writes) {
        if (w.replace === 'all') this.st('DELETE FROM docs WHERE session = ?').run(w.session.id);
        else {
          for (const message of w.replace.messages) this.st('DELETE FROM docs WHERE session = ? AND message = ?').run(w.session.id, message);
          if (w.replace.own) this.st('DELETE FROM docs WHERE session = ? AND message IS NULL').run(w.session.id);
        }
        const insert = this.st('INSERT INTO docs(session, message, part, kind, role, agent, model, time, body) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
        const index = this.st('INSERT INTO fts(rowid, body) VALUES (?, ?)');
        for (const d of w.docs) {
          const { lastInsertRowid } = insert.run(w.session.id, d.messageID ?? null, d.partID ?? null, d.kind, d.role ?? null, d.agent ?? null, d.model ?? null, Math.round(d.time), deflateRawSync(d.body));
          index.run(lastInsertRowid, d.body);
        }
        this.st('INSERT INTO sessions(id, fp, source, project, title, own) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET fp = excluded.fp, source = excluded.source, project = excluded.project, title = excluded.title, own = excluded.own').run(
          w.session.id,
          w.fp,
          w.session.source,
          w.session.projectID,
          w.session.title,
          w.session.own,
        );
      }
    });
    run.immediate();
  }

  /** Sessions that hold any of these parts. */
  sessionsHolding(parts: readonly string[]): Set<string> {
    const out = new Set<string>();
    for (const part of parts) for (const r of this.st('SELECT DISTINCT session FROM docs WHERE part = ?').all(part) as { session: string }[]) out.add(r.session);
    return out;
  }

  /** Forgets sessions that are gone. */
  remove(ids: { sessions: readonly string[] }): void {
    const run = this.db.transaction(() => {
      for (const session of ids.sessions ?? []) {
        this.st('DELETE FROM docs WHERE session = ?').run(session);
        this.st('DELETE FROM sessions WHERE id = ?').run(session);
      }
    });
    run.immediate();
  }

  /** Hits for an FTS5 expression (see `parseSearchQuery`), best first (or in time order, for one session's next/previous). */
  query(match: string, marks: readonly MarkWord[], filters: SearchFilters, page: { limit: number; offset: number; order: 'rank' | 'time' }): SearchPage {
    const where = ['fts MATCH ?'];
    const params: (string | number)[] = [match];
    const add = (clause: string, ...values: (string | number)[]) => {
      where.push(clause);
      params.push(...values);
    };
    if (filters.sources?.length) add(`s.source IN (${filters.sources.map(() => '?').join(', ')})`, ...filters.sources);
    if (filters.project) add('s.project = ?', filters.project);
    if (filters.session) add('d.session = ?', filters.session);
    if (filters.agent) add('d.agent = ?', filters.agent.toLowerCase());
    if (filters.model) add('d.model = ?', filters.model);
    if (filters.from !== undefined) add('d.time >= ?', filters.from);
    if (filters.to !== undefined) add('d.time <= ?', filters.to);
    if (filters.role) add('d.role = ?', filters.role);
    if (filters.kinds?.length) add(`d.kind IN (${filters.kinds.map(() => '?').join(', ')})`, ...filters.kinds);
    let sql: string;
    if (page.order === 'time') {
      // In order (find-in-session): the session's documents, each checked against the matches; no ranking.
      where[0] = 'd.id IN (SELECT rowid FROM fts WHERE fts MATCH ?)';
      sql = `SELECT d.id, d.session, d.message, d.part, d.kind, d.role, d.agent, d.model, d.time, s.title, s.source, s.project
        FROM docs d JOIN sessions s ON s.id = d.session WHERE ${where.join(' AND ')} ORDER BY d.time, d.id LIMIT ? OFFSET ?`;
    } else {
      if (where.length === 1) {
        // A common word matches most documents and ranking them all is what costs: with nothing to
        // narrow it, only the newest RANK_WINDOW matches are ranked.
        const floor = this.st('SELECT rowid FROM fts WHERE fts MATCH ? ORDER BY rowid DESC LIMIT 1 OFFSET ?').get(match, RANK_WINDOW - 1) as { rowid: number } | undefined;
        if (floor) add('fts.rowid >= ?', floor.rowid);
      }
      sql = `SELECT d.id, d.session, d.message, d.part, d.kind, d.role, d.agent, d.model, d.time, s.title, s.source, s.project
        FROM fts JOIN docs d ON d.id = fts.rowid JOIN sessions s ON s.id = d.session
        WHERE ${where.join(' AND ')} ORDER BY rank LIMIT ? OFFSET ?`;
    }
    const rows = this.st(sql).all(...params, page.limit + 1, page.offset) as HitRow[];
    // Bodies are read (and snippets cut) for the page's hits only: a common word matches most documents.
    const body = this.st('SELECT body FROM docs WHERE id = ?');
    const hits = rows.slice(0, page.limit).map((row) => {
      const stored = (body.get(row.id) as { body: Buffer } | undefined)?.body;
      return toHit(row, makeSnippet(stored ? inflateRawSync(stored).toString('utf8') : '', marks));
    });
    return { hits, more: rows.length > page.limit };
  }
}

function toHit(r: HitRow, snippet: SearchHit['snippet']): SearchHit {
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
    snippet,
  };
}
