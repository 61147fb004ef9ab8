import 'server-only';
import { createHash } from 'node:crypto';
import type { SessionSummary } from '@/lib/sessions/session-summary';
import { isLive, isSessionStatus } from '@/lib/status/session-status';
import { upsertStatement } from '../db/ingest/upsert-statement';
import { deleteSummaryQueries, listEntry, summaryBodyQuery, summaryHashesQuery } from '../db/queries/session-summaries';
import type { SessionSummaryBodyTable, SessionSummaryTable } from '../db/schema';
import type { SqliteSessionDb } from '../db/sqlite/sqlite-session-db';

const KEYS = ['source_id', 'session_id'] as const;
const COLUMNS = [
  'source_id', 'session_id', 'project_id', 'directory', 'parent_id', 'forked_from', 'kind', 'archived', 'title_key', 'prompt_key', 'created', 'first_activity',
  'last_activity', 'cost', 'total_cost', 'tokens', 'messages', 'status', 'last_write', 'models', 'agents', 'hash',
] as const satisfies readonly (keyof SessionSummaryTable)[];
const BODY_COLUMNS = ['source_id', 'session_id', 'body'] as const satisfies readonly (keyof SessionSummaryBodyTable)[];
/** Rows per statement: a first build writes every session's. */
const BATCH = 50;
const many = upsertStatement('sqlite', 'session_summary', KEYS, COLUMNS, { rows: BATCH });
const one = upsertStatement('sqlite', 'session_summary', KEYS, COLUMNS);
const manyBodies = upsertStatement('sqlite', 'session_summary_body', KEYS, BODY_COLUMNS, { rows: BATCH });
const oneBody = upsertStatement('sqlite', 'session_summary_body', KEYS, BODY_COLUMNS);

/** A summary as its two rows. */
type SummaryRow = SessionSummaryTable & SessionSummaryBodyTable;

/** Where the rows go: the session database with the sources the store reads. */
export interface SummaryRowsTarget {
  readWith<T>(task: (db: SqliteSessionDb, sourceIds: readonly number[]) => T): T | undefined;
  writeWith(task: (db: SqliteSessionDb, sourceIds: readonly number[]) => void): boolean;
}

type Stored = Map<string, { source: number; hash: string; status?: string }>;

/**
 * Keeps the session database's summary rows (SessionSummaryTable) equal to the store's summaries:
 * the summaries built anew are written where they differ from the stored row, those of sessions
 * gone are deleted. The stored rows' hashes are read once, so a restart whose summaries came out
 * as they were writes nothing (and takes no write lock).
 */
export class SummaryRows {
  /** Each stored row's owner source and hash, by session id (read at the first write). */
  private stored: Stored | undefined;

  constructor(
    private readonly target: SummaryRowsTarget,
    /** The database's id of the source that owns a session. */
    private readonly ownerOf: (id: string) => number | undefined,
  ) {}

  /** A session's summary as its row (of the source that owns it) holds it. */
  read(source: number, id: string): SessionSummary | undefined {
    const body = this.target.readWith((db) => db.value<string>(summaryBodyQuery('sqlite', source, id)));
    return typeof body === 'string' ? (JSON.parse(body) as SessionSummary) : undefined;
  }

  /** The database was replaced (it holds no row): the next write starts from what it holds. */
  reset(): void {
    this.stored = undefined;
  }

  /** The sessions whose stored status can change with time alone (see `isLive`): rows read rather than built are aged from these. */
  liveIds(): string[] {
    const stored = this.storedRows();
    if (!stored) return [];
    const out: string[] = [];
    for (const [id, row] of stored) if (row.status !== undefined && isSessionStatus(row.status) && isLive(row.status)) out.push(id);
    return out;
  }

  /**
   * Rows read rather than built, held against the sessions shown now (`ids`, every one): rows of
   * sessions gone are deleted; returns the sessions whose row is missing or another source's.
   */
  reconcile(ids: Iterable<string>): string[] {
    const stored = this.storedRows();
    if (!stored) return [];
    const missing: string[] = [];
    const seen = new Set<string>();
    for (const id of ids) {
      seen.add(id);
      if (stored.get(id)?.source !== this.ownerOf(id)) missing.push(id);
    }
    const gone = new Set<string>();
    for (const id of stored.keys()) if (!seen.has(id)) gone.add(id);
    if (gone.size > 0) this.writeRows([], gone, stored);
    return missing;
  }

  private storedRows(): Stored | undefined {
    return (this.stored ??= this.target.readWith((db, sourceIds) => storedRows(db, sourceIds)));
  }

  /**
   * Writes the summaries of `ids` (a session without one is deleted). With `whole`, `ids` are every
   * session: the stored rows of any other session are deleted too.
   */
  write(ids: Iterable<string>, summaries: ReadonlyMap<string, SessionSummary>, whole = false): void {
    const stored = this.storedRows();
    if (!stored) return;
    const rows: SummaryRow[] = [];
    const gone = new Set<string>();
    const seen = new Set<string>();
    for (const id of ids) {
      seen.add(id);
      const summary = summaries.get(id);
      const owner = summary && this.ownerOf(id);
      if (!summary || owner === undefined) {
        if (stored.has(id)) gone.add(id);
        continue;
      }
      const before = stored.get(id);
      const row = rowOf(owner, summary);
      if (before?.hash !== row.hash || before.source !== owner) rows.push(row);
    }
    if (whole) for (const id of stored.keys()) if (!seen.has(id)) gone.add(id);
    if (rows.length === 0 && gone.size === 0) return;
    this.writeRows(rows, gone, stored);
  }

  private writeRows(rows: readonly SummaryRow[], gone: ReadonlySet<string>, stored: Stored): void {
    const written = this.target.writeWith((db, sourceIds) => {
      for (const id of gone) for (const query of deleteSummaryQueries('sqlite', sourceIds, id, -1)) db.run(query);
      // A session whose owner changed (a source of higher priority holds it now): the other rows go.
      for (const row of rows) if ((stored.get(row.session_id)?.source ?? row.source_id) !== row.source_id) for (const query of deleteSummaryQueries('sqlite', sourceIds, row.session_id, row.source_id)) db.run(query);
      let i = 0;
      for (; i + BATCH <= rows.length; i += BATCH) {
        const batch = rows.slice(i, i + BATCH);
        db.run(many.query, many.parameters(batch));
        db.run(manyBodies.query, manyBodies.parameters(batch));
      }
      for (; i < rows.length; i++) {
        const row = rows.slice(i, i + 1);
        db.run(one.query, one.parameters(row));
        db.run(oneBody.query, oneBody.parameters(row));
      }
    });
    if (!written) {
      // The database failed (and was replaced by one in memory): the next write reads what that holds.
      this.stored = undefined;
      return;
    }
    for (const id of gone) stored.delete(id);
    for (const row of rows) stored.set(row.session_id, { source: row.source_id, hash: row.hash, status: row.status });
  }
}

function storedRows(db: SqliteSessionDb, sourceIds: readonly number[]): Stored {
  const stored: Stored = new Map();
  for (const r of db.all<{ source_id: number; session_id: string; hash: string; status: string }>(summaryHashesQuery('sqlite', sourceIds))) stored.set(r.session_id, { source: Number(r.source_id), hash: r.hash, status: r.status });
  return stored;
}

/** A summary as its two rows. */
function rowOf(source: number, s: SessionSummary): SummaryRow {
  const body = JSON.stringify(s);
  return {
    source_id: source,
    session_id: s.id,
    project_id: s.projectID,
    directory: s.directory,
    parent_id: s.parentID ?? null,
    forked_from: s.forkedFrom ?? null,
    kind: s.source,
    archived: s.archived ? 1 : 0,
    title_key: s.title.toLowerCase(),
    prompt_key: s.firstPrompt?.toLowerCase() ?? null,
    created: s.time.created,
    first_activity: s.firstActivity,
    last_activity: s.lastActivity,
    cost: s.cost,
    total_cost: s.total.cost,
    tokens: s.tokens.input + s.tokens.output + s.tokens.reasoning + s.tokens.cacheRead + s.tokens.cacheWrite,
    messages: s.messageCount,
    status: s.status.status,
    last_write: s.status.lastWrite,
    models: s.models.map(listEntry).join(''),
    agents: s.agents.map((a) => listEntry(a.toLowerCase())).join(''),
    hash: createHash('sha1').update(body).digest('base64url'),
    body,
  };
}
