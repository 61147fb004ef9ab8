import 'server-only';
import { badTimeOfMessage, badTimeOfPart, badTimeOfSession } from '@/lib/model/record-times';
import type { ChangeSet, HeldFile } from '../../readers/read-result';
import { sql, type CompiledQuery } from 'kysely';
import { queryBuilder } from '../builders';
import type { MessageTable, PartTable, ProjectTable, SessionTable, SourceFileTable } from '../schema';
import type { SqliteSessionDb } from '../sqlite/sqlite-session-db';
import { messageRow, partRow, projectRow, sessionRow } from './rows';
import { upsertStatement, type UpsertStatement } from './upsert-statement';
import { clearPending, deleteRollup, deleteRollupOfSource, deleteTotals, dropEmptyTotals, EVERY_SESSION, insertRollup, markPending, pendingSessions, regroupedSessions, shiftTotals } from './rollup';
import { compiledOnce, perSessionQuery } from './reusable-query';

/** Every column of a table, once: a column added to the schema and not written here fails to compile. */
function allColumns<T>(columns: Record<keyof T & string, true>): (keyof T & string)[] {
  return Object.keys(columns) as (keyof T & string)[];
}

const MESSAGE_BATCH = 100;

const PROJECT_COLUMNS = allColumns<ProjectTable>({ source_id: true, id: true, name: true, worktree: true });
const SESSION_COLUMNS = allColumns<SessionTable>({ source_id: true, id: true, kind: true, project_id: true, directory: true, parent_id: true, forked_from: true, title: true, created: true, updated: true, archived: true, origin: true, digest: true });
const MESSAGE_COLUMNS = allColumns<MessageTable>({ source_id: true, id: true, session_id: true, role: true, created: true, completed: true, provider_id: true, model_id: true, agent: true, cost: true, cost_unrecorded: true, input: true, output: true, reasoning: true, cache_read: true, cache_write: true, ttft: true, info: true });
const PART_COLUMNS = allColumns<PartTable>({ source_id: true, id: true, session_id: true, message_id: true, type: true, tool: true, status: true, rejected: true, created: true, ended: true, extra: true });
const SOURCE_FILE_COLUMNS = allColumns<SourceFileTable>({ source_id: true, path: true, version: true, session_id: true, head: true });

/** Compiled once per process: every writer (a store, a test's many stores) uses the same text. */
let statements:
  | {
      project: UpsertStatement<ProjectTable>;
      session: UpsertStatement<SessionTable>;
      message: UpsertStatement<MessageTable>;
      messages: UpsertStatement<MessageTable>;
      part: UpsertStatement<PartTable>;
      parts: UpsertStatement<PartTable>;
      sourceFile: UpsertStatement<SourceFileTable>;
    }
  | undefined;
function compiledStatements(): NonNullable<typeof statements> {
  statements ??= {
    project: upsertStatement('sqlite', 'project', ['source_id', 'id'], PROJECT_COLUMNS),
    session: upsertStatement('sqlite', 'session', ['source_id', 'id'], SESSION_COLUMNS),
    message: upsertStatement('sqlite', 'message', ['source_id', 'id'], MESSAGE_COLUMNS, { returning: 'session_id' }),
    // A first read writes its messages by the hundred: a tenth of the statements, a third less time than one by one.
    messages: upsertStatement('sqlite', 'message', ['source_id', 'id'], MESSAGE_COLUMNS, { rows: MESSAGE_BATCH, returning: 'session_id' }),
    part: upsertStatement('sqlite', 'part', ['source_id', 'id'], PART_COLUMNS),
    // Every tool call of a history: 500,000 parts at 5,000 sessions.
    parts: upsertStatement('sqlite', 'part', ['source_id', 'id'], PART_COLUMNS, { rows: MESSAGE_BATCH }),
    sourceFile: upsertStatement('sqlite', 'source_file', ['source_id', 'path'], SOURCE_FILE_COLUMNS),
  };
  return statements;
}

/**
 * What a source still holds after a full read: rows of the source the database has beyond these
 * are gone. Every record it holds was written to the database as it came (the writer applies each
 * change set the store takes in), so equal counts mean equal sets and nothing is gone.
 */
export interface SourceContents {
  projects: ReadonlySet<string>;
  sessions: ReadonlySet<string>;
  /**
   * The ids of every message the read produced. Undefined: the read took unchanged files' records
   * as held (ChangeSet.recordsHeld) and each file read listed what it lost: only the sessions no
   * longer held go, with their messages, parts and file entries.
   */
  messages?: ReadonlySet<string>;
  /** The ids of every part the read produced (undefined: the parts were not read whole, none is removed). */
  parts?: ReadonlySet<string>;
}

/** What a change set did to a source's messages (see `SessionDbWriter.apply`). */
export interface AppliedChanges {
  /** Sessions whose messages were written, moved or removed. */
  sessions: Set<string>;
  addedMessages: number;
}

/**
 * The one writer of the session database in this process: each change set a reader produced is
 * applied in one transaction (upserts by the source's own ids, then removals), so a reader of the
 * database sees a change set whole or not at all.
 */
export class SessionDbWriter {
  private readonly kysely = queryBuilder('sqlite');
  private readonly upsertProject = compiledStatements().project;
  private readonly upsertSession = compiledStatements().session;
  private readonly upsertMessage = compiledStatements().message;
  private readonly upsertMessages = compiledStatements().messages;
  private readonly upsertPart = compiledStatements().part;
  private readonly upsertParts = compiledStatements().parts;
  private readonly upsertSourceFile = compiledStatements().sourceFile;
  private readonly rollup = {
    delete: compiledOnce((source, session) => deleteRollup('sqlite', source, session)),
    deleteParameters: perSessionQuery((source, session) => deleteRollup('sqlite', source, session)),
    insert: compiledOnce((source, session) => insertRollup('sqlite', source, session)),
    insertParameters: perSessionQuery((source, session) => insertRollup('sqlite', source, session)),
    add: compiledOnce((source, session) => shiftTotals('sqlite', source, session, 1)),
    addParameters: perSessionQuery((source, session) => shiftTotals('sqlite', source, session, 1)),
    takeOut: compiledOnce((source, session) => shiftTotals('sqlite', source, session, -1)),
    takeOutParameters: perSessionQuery((source, session) => shiftTotals('sqlite', source, session, -1)),
    dropEmpty: dropEmptyTotals('sqlite', 0),
    regrouped: regroupedSessions(0, '[]').compile(queryBuilder('sqlite')),
    markPending: markPending(0, '[]').compile(queryBuilder('sqlite')),
    pending: pendingSessions('sqlite', 0),
    clearPending: clearPending('sqlite', 0),
  };
  private readonly messageIdsOfSession = this.kysely.selectFrom('message').select('id').where('source_id', '=', 0).where('session_id', '=', '').compile();
  private readonly partIdsOfSession = this.kysely.selectFrom('part').select('id').where('source_id', '=', 0).where('session_id', '=', '').compile();
  private readonly sessionOfMessage = this.kysely.selectFrom('message').select('session_id').where('source_id', '=', 0).where('id', '=', '').compile();
  /** The sessions messages are in now, for a list of ids given as one JSON array (any length, one statement). */
  private readonly sessionsOfMessages = this.kysely
    .selectFrom('message')
    .select(['id', 'session_id'])
    .where('source_id', '=', 0)
    .where('id', 'in', sql<string>`(select value from json_each(${'[]'}))`)
    .compile();

  private readonly generationQuery = this.kysely.selectFrom('source').select('data_generation').where('id', '=', 0).compile();
  private readonly nextGeneration = this.kysely.updateTable('source').set({ data_generation: sql<number>`data_generation + 1` }).where('id', '=', 0).compile();
  /** The data generation of each source as this writer last saw it: at a start (`summariesAs`), then after each of its own writes. */
  private readonly seen = new Map<number, number>();

  constructor(readonly db: SqliteSessionDb) {}

  /**
   * Runs `task`, part of a transaction: if it changed any row, the source's data generation moves
   * on in the same transaction (its summary rows are not current until built at the new one).
   */
  private counted<T>(sourceId: number, task: () => T): T {
    const before = this.db.totalChanges();
    const out = task();
    if (this.db.totalChanges() !== before) {
      this.db.run(this.nextGeneration, [sourceId]);
      // Seen only if it followed on from what this writer saw: another process's write is not this one's to vouch for.
      const seen = this.seen.get(sourceId);
      const now = Number(this.db.value(this.generationQuery, [sourceId]) ?? 0);
      if (seen === now - 1) this.seen.set(sourceId, now);
      else this.seen.delete(sourceId);
    }
    return out;
  }

  /** What the source's summary rows were built from (SourceTable.summaries_as), and its data generation now (taken as seen). */
  summariesAs(sourceId: number): { as: string | undefined; generation: number } | undefined {
    const row = this.db.all(this.kysely.selectFrom('source').select(['summaries_as', 'data_generation']).where('id', '=', sourceId).compile())[0];
    if (!row) return undefined;
    const generation = Number(row.data_generation);
    this.seen.set(sourceId, generation);
    return { as: row.summaries_as ?? undefined, generation };
  }

  /**
   * Records what the source's summary rows were built from, at the generation this writer saw last:
   * not if another process changed its rows since (false).
   */
  recordSummariesAs(sourceId: number, value: string): boolean {
    const seen = this.seen.get(sourceId);
    if (seen === undefined) return false;
    const query = this.kysely.updateTable('source').set({ summaries_as: value }).where('id', '=', sourceId).where('data_generation', '=', seen).compile();
    return this.db.run(query) > 0;
  }

  /** The generation this writer saw last (undefined: another process wrote the source since). */
  seenGeneration(sourceId: number): number | undefined {
    return this.seen.get(sourceId);
  }

  /** The id of a reader's source (`kind:path`), registered on first use. */
  sourceId(kind: string, path: string, priority: number): number {
    const key = `${kind}:${path}`;
    return this.db.transaction(() => {
      const found = this.db.all(this.kysely.selectFrom('source').select(['id', 'priority']).where('key', '=', key).compile())[0];
      if (found) {
        if (found.priority !== priority) this.db.run(this.kysely.updateTable('source').set({ priority }).where('id', '=', found.id).compile());
        return found.id;
      }
      const next = this.db.all(this.kysely.selectFrom('source').select((eb) => eb.fn.max('id').as('max')).compile())[0]?.max ?? 0;
      const id = Number(next) + 1;
      this.db.run(this.kysely.insertInto('source').values({ id, key, kind, path, priority, complete_as: null }).compile());
      return id;
    });
  }

  /** What the source's last complete read began at (see SourceTable.complete_as). */
  completeAs(sourceId: number): string | undefined {
    return this.db.all(this.kysely.selectFrom('source').select('complete_as').where('id', '=', sourceId).compile())[0]?.complete_as ?? undefined;
  }

  /** Where the source's reader follows on from (see FullReadOptions.resume). */
  resumeAt(sourceId: number): string | undefined {
    return this.db.all(this.kysely.selectFrom('source').select('resume_at').where('id', '=', sourceId).compile())[0]?.resume_at ?? undefined;
  }

  recordResumeAt(sourceId: number, mark: string | undefined): void {
    this.db.run(this.kysely.updateTable('source').set({ resume_at: mark ?? null }).where('id', '=', sourceId).compile());
  }

  recordCompleteAs(sourceId: number, fingerprint: string | undefined): void {
    this.db.run(this.kysely.updateTable('source').set({ complete_as: fingerprint ?? null }).where('id', '=', sourceId).compile());
  }

  /**
   * Writes a change set (and `resumeMark`, where the source's reader follows on from after it). Returns the sessions whose messages it wrote, moved or removed, and how
   * many messages the source holds more (or fewer) than before.
   */
  apply(sourceId: number, changes: ChangeSet, resumeMark?: string, deferredUsage?: Set<string>): AppliedChanges {
    return this.db.transaction(() => {
      // Written with what it follows on from: a restart resumes from a mark only with its rows in.
      if (resumeMark !== undefined) this.recordResumeAt(sourceId, resumeMark);
      return this.counted(sourceId, () => this.applyRows(sourceId, changes, deferredUsage));
    });
  }

  private applyRows(sourceId: number, changes: ChangeSet, deferredUsage: Set<string> | undefined): AppliedChanges {
    let added = 0;
    // Sessions whose usage rows are summed again: those a message was written to, left or removed from.
    const touched = new Set<string>();
    for (const project of changes.projects) this.db.run(this.upsertProject.query, this.upsertProject.parameters([projectRow(sourceId, project)]));
    // A record dated out of range is skipped as the store skips it (lib/model/record-times.ts): gone, if it was there.
    const removedSessions = [...changes.removed.sessions];
    const removedMessages = [...changes.removed.messages];
    const written: string[] = [];
    for (const session of changes.sessions) {
      if (badTimeOfSession(session) !== undefined) removedSessions.push(session.id);
      else {
        this.db.run(this.upsertSession.query, this.upsertSession.parameters([sessionRow(sourceId, session)]));
        written.push(session.id);
      }
    }
    // A session moved to another project or folder (or written after its messages): its usage is summed under the new one.
    if (written.length > 0) for (const row of this.db.all<{ session_id: string }>(this.rollup.regrouped, [sourceId, JSON.stringify(written)])) touched.add(row.session_id);
    // One row per id, the last the change gives (a statement may not write a row twice).
    const byId = new Map<string, MessageTable>();
    for (const message of changes.messages) {
      if (badTimeOfMessage(message) !== undefined) removedMessages.push(message.id);
      else byId.set(message.id, messageRow(sourceId, message));
    }
    const rows = [...byId.values()];
    for (let start = 0; start < rows.length; start += MESSAGE_BATCH) added += this.upsertMessageRows(sourceId, rows.slice(start, start + MESSAGE_BATCH), touched);
    this.writeParts(sourceId, changes);
    for (const id of removedMessages) {
      // A message's parts go with it (OpenCode deletes them together; a file reader lists both).
      this.db.run(this.kysely.deleteFrom('part').where('source_id', '=', sourceId).where('message_id', '=', id).compile());
      const before = this.sessionOf(sourceId, id);
      if (before === undefined) continue;
      touched.add(before);
      added -= this.db.run(this.kysely.deleteFrom('message').where('source_id', '=', sourceId).where('id', '=', id).compile());
    }
    for (const id of removedSessions) {
      this.db.run(this.kysely.deleteFrom('part').where('source_id', '=', sourceId).where('session_id', '=', id).compile());
      added -= this.db.run(this.kysely.deleteFrom('message').where('source_id', '=', sourceId).where('session_id', '=', id).compile());
      this.db.run(this.kysely.deleteFrom('session').where('source_id', '=', sourceId).where('id', '=', id).compile());
      touched.add(id);
    }
    this.writeFiles(sourceId, changes);
    if (deferredUsage) {
      for (const id of touched) deferredUsage.add(id);
      // Said in the database too: another process whose equal rows write nothing, or the next
      // start if this one stops before its sums, sums them (see UsagePendingTable).
      if (touched.size > 0) this.db.run(this.rollup.markPending, [sourceId, JSON.stringify([...touched])]);
    } else {
      for (const id of this.takePending(sourceId)) touched.add(id);
      this.sumUsage(sourceId, touched);
    }
    return { sessions: touched, addedMessages: added };
  }

  /**
   * Writes up to MESSAGE_BATCH messages; the sessions whose usage changed join `touched` (a message
   * that moved: both). Returns how many were new.
   */
  private upsertMessageRows(sourceId: number, rows: readonly MessageTable[], touched: Set<string>): number {
    const now = new Map(rows.map((row) => [row.id, row.session_id]));
    const held = this.db.all<{ id: string; session_id: string }>(this.sessionsOfMessages, [sourceId, JSON.stringify(rows.map((row) => row.id))]);
    for (const before of held) {
      if (before.session_id !== now.get(before.id)) touched.add(before.session_id);
    }
    const written =
      rows.length === MESSAGE_BATCH
        ? this.db.all<{ session_id: string }>(this.upsertMessages.query, this.upsertMessages.parameters(rows))
        : rows.flatMap((row) => this.db.all<{ session_id: string }>(this.upsertMessage.query, this.upsertMessage.parameters([row])));
    for (const row of written) touched.add(row.session_id);
    return now.size - held.length;
  }

  /** A change set's parts alone, in one transaction (see SessionDbMirror.apply). */
  applyParts(sourceId: number, changes: ChangeSet): void {
    if (changes.parts.length + changes.removed.parts.length + changes.listedParts.length > 0) this.db.transaction(() => this.counted(sourceId, () => this.writeParts(sourceId, changes)));
  }

  /** Parts upserted, removed, and those a session's full part list lacks deleted. */
  private writeParts(sourceId: number, changes: ChangeSet): void {
    const k = this.kysely;
    const remove = (id: string) => this.db.run(k.deleteFrom('part').where('source_id', '=', sourceId).where('id', '=', id).compile());
    const byId = new Map<string, PartTable>();
    for (const part of changes.parts) {
      // A part dated out of range is skipped as the store skips it: gone, if it was there.
      if (badTimeOfPart(part) !== undefined) remove(part.id);
      else byId.set(part.id, partRow(sourceId, part));
    }
    const rows = [...byId.values()];
    let start = 0;
    for (; start + MESSAGE_BATCH <= rows.length; start += MESSAGE_BATCH) this.db.run(this.upsertParts.query, this.upsertParts.parameters(rows.slice(start, start + MESSAGE_BATCH)));
    for (const row of rows.slice(start)) this.db.run(this.upsertPart.query, this.upsertPart.parameters([row]));
    for (const id of changes.removed.parts) remove(id);
    for (const { sessionID, partIDs } of changes.listedParts) {
      const listed = new Set(partIDs);
      const held = this.db.all(k.selectFrom('part').select('id').where('source_id', '=', sourceId).where('session_id', '=', sessionID).compile());
      for (const { id } of held) if (!listed.has(id)) remove(id);
    }
  }

  /** The entries of the files the change read (their records are in this same transaction) and of those gone. */
  private writeFiles(sourceId: number, changes: ChangeSet): void {
    for (const path of changes.filesGone ?? []) this.db.run(this.kysely.deleteFrom('source_file').where('source_id', '=', sourceId).where('path', '=', path).compile());
    for (const file of changes.files ?? []) {
      const row: SourceFileTable = { source_id: sourceId, path: file.path, version: file.version, session_id: file.sessionID ?? null, head: file.head };
      this.db.run(this.upsertSourceFile.query, this.upsertSourceFile.parameters([row]));
    }
  }

  /** Every file entry of a source (see FullReadOptions.heldFiles). */
  heldFiles(sourceId: number): HeldFile[] {
    const rows = this.db.all<SourceFileTable>(this.kysely.selectFrom('source_file').selectAll().where('source_id', '=', sourceId).compile());
    return rows.map((row) => ({ path: row.path, version: row.version, head: row.head, ...(row.session_id === null ? {} : { sessionID: row.session_id }) }));
  }

  /** Whether the database holds no row of the source (a first read, or a source that was empty). */
  holdsNothing(sourceId: number): boolean {
    const k = this.kysely;
    const any = (table: 'project' | 'session' | 'message' | 'part') => this.db.all(k.selectFrom(table).select('source_id').where('source_id', '=', sourceId).limit(1).compile()).length > 0;
    return !any('session') && !any('message') && !any('part') && !any('project');
  }

  /** A session's message and part ids as held. */
  idsOf(sourceId: number, sessionID: string): { messageIDs: string[]; partIDs: string[] } {
    const ids = (query: CompiledQuery) => this.db.all<{ id: string }>(query, [sourceId, sessionID]).map((r) => r.id);
    return { messageIDs: ids(this.messageIdsOfSession), partIDs: ids(this.partIdsOfSession) };
  }

  private sessionOf(sourceId: number, messageID: string): string | undefined {
    return this.db.value<string>(this.sessionOfMessage, [sourceId, messageID]);
  }

  /** The sessions' usage rows, summed again from their messages (none for a session that is gone), and the totals with them. */
  private sumUsage(sourceId: number, sessions: Iterable<string>): void {
    let any = false;
    for (const id of sessions) {
      any = true;
      this.dropUsage(sourceId, id);
      this.db.run(this.rollup.insert, this.rollup.insertParameters(sourceId, id));
      this.db.run(this.rollup.add, this.rollup.addParameters(sourceId, id));
    }
    if (any) this.db.run(this.rollup.dropEmpty, [sourceId, 0]);
  }

  /**
   * The usage of sessions whose sums were put off (a first read's: see SessionDbMirror), in one
   * transaction; `every`: the source's every session, by one grouped pass over its messages (a
   * first read into an empty database: 5,000 sessions summed one by one as their messages came,
   * again for each chunk that touched them, was 0.4 s of the first totals' 3 s).
   */
  sumDeferred(sourceId: number, sessions: ReadonlySet<string>, every: boolean): string[] {
    return this.db.transaction(() => this.counted(sourceId, () => {
      // Those another process wrote and has not summed yet (or never will: it stopped) are summed too.
      const pending = this.takePending(sourceId);
      if (!every) {
        this.sumUsage(sourceId, new Set([...sessions, ...pending]));
        return pending;
      }
      this.db.run(deleteRollupOfSource('sqlite', sourceId));
      this.db.run(insertRollup('sqlite', sourceId, EVERY_SESSION));
      this.db.run(deleteTotals('sqlite', sourceId));
      this.db.run(shiftTotals('sqlite', sourceId, EVERY_SESSION, 1));
      return pending;
    }));
  }

  /** Whether the source has sessions written with their usage not summed (see UsagePendingTable). */
  anyPending(sourceId: number): boolean {
    return this.db.all(this.rollup.pending, [sourceId]).length > 0;
  }

  /** Sums the source's sessions written with their usage not summed (see UsagePendingTable); returns them. */
  sumPending(sourceId: number): string[] {
    return this.db.transaction(() =>
      this.counted(sourceId, () => {
        const pending = this.takePending(sourceId);
        if (pending.length > 0) this.sumUsage(sourceId, new Set(pending));
        return pending;
      }),
    );
  }

  /** The sessions of the source written with their usage not summed (see UsagePendingTable), no longer pending: the caller sums them in this transaction. */
  private takePending(sourceId: number): string[] {
    const pending = this.db.all<{ session_id: string }>(this.rollup.pending, [sourceId]).map((row) => row.session_id);
    if (pending.length > 0) this.db.run(this.rollup.clearPending, [sourceId]);
    return pending;
  }

  /**
   * A source's totals summed anew from its usage rows. Kept by adding and taking out each session's
   * rows, they drift in the last bits when sessions are written again (Claude Code's first pass,
   * then its full read): after such a read they are what a single sum gives.
   */
  sumTotalsAnew(sourceId: number): void {
    this.db.transaction(() => {
      this.db.run(deleteTotals('sqlite', sourceId));
      this.db.run(shiftTotals('sqlite', sourceId, EVERY_SESSION, 1));
    });
  }

  /** A session's usage rows out of the totals, then deleted. */
  private dropUsage(sourceId: number, sessionID: string): void {
    this.db.run(this.rollup.takeOut, this.rollup.takeOutParameters(sourceId, sessionID));
    this.db.run(this.rollup.delete, this.rollup.deleteParameters(sourceId, sessionID));
  }

  /**
   * After a full read (a reader's complete change set and the stages after it), removes what the
   * source no longer holds. Nothing is cleared before: another dashboard on the same database
   * keeps seeing the source whole while this one reads it again.
   */
  sweep(sourceId: number, contents: SourceContents): void {
    this.db.transaction(() => this.counted(sourceId, () => this.sweepRows(sourceId, contents)));
  }

  private sweepRows(sourceId: number, contents: SourceContents): void {
    const k = this.kysely;
    if (contents.parts) this.sweepPartsIn(sourceId, contents.parts);
    const count = (table: 'project' | 'session' | 'message') => Number(this.db.value(k.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('source_id', '=', sourceId).compile()));
    const { messages } = contents;
    if (!messages) {
      this.sweepHeld(sourceId, contents);
      return;
    }
    if (count('message') === messages.size && count('session') === contents.sessions.size && count('project') === contents.projects.size) return;
    const goneProjects: string[] = [];
    for (const [id] of this.db.iterateRaw(k.selectFrom('project').select('id').where('source_id', '=', sourceId).compile())) if (!contents.projects.has(id as string)) goneProjects.push(id as string);
    const goneSessions: string[] = [];
    for (const [id] of this.db.iterateRaw(k.selectFrom('session').select('id').where('source_id', '=', sourceId).compile())) if (!contents.sessions.has(id as string)) goneSessions.push(id as string);
    const goneMessages: string[] = [];
    const touched = new Set<string>(goneSessions);
    for (const [id, sessionID] of this.db.iterateRaw(k.selectFrom('message').select(['id', 'session_id']).where('source_id', '=', sourceId).compile())) {
      if (messages.has(id as string)) continue;
      goneMessages.push(id as string);
      touched.add(sessionID as string);
    }
    for (const id of goneProjects) this.db.run(k.deleteFrom('project').where('source_id', '=', sourceId).where('id', '=', id).compile());
    for (const id of goneSessions) this.db.run(k.deleteFrom('session').where('source_id', '=', sourceId).where('id', '=', id).compile());
    for (const id of goneMessages) this.db.run(k.deleteFrom('message').where('source_id', '=', sourceId).where('id', '=', id).compile());
    // Usage rows of sessions the source does not hold (written by a build that lost them) go too.
    for (const [id] of this.db.iterateRaw(k.selectFrom('usage_rollup').select('session_id').distinct().where('source_id', '=', sourceId).compile())) if (!contents.sessions.has(id as string)) touched.add(id as string);
    this.sumUsage(sourceId, touched);
  }

  /**
   * After a read that took unchanged files' records as held: sessions (and projects) the source no
   * longer holds go, with their messages, parts, usage rows and file entries.
   */
  private sweepHeld(sourceId: number, contents: SourceContents): void {
    const k = this.kysely;
    const gone = (table: 'project' | 'session', keep: ReadonlySet<string>) =>
      this.db.all<{ id: string }>(k.selectFrom(table).select('id').where('source_id', '=', sourceId).compile()).map((r) => r.id).filter((id) => !keep.has(id));
    for (const id of gone('project', contents.projects)) this.db.run(k.deleteFrom('project').where('source_id', '=', sourceId).where('id', '=', id).compile());
    const sessions = gone('session', contents.sessions);
    for (const [id] of this.db.iterateRaw(k.selectFrom('usage_rollup').select('session_id').distinct().where('source_id', '=', sourceId).compile())) if (!contents.sessions.has(id as string)) sessions.push(id as string);
    for (const [id] of this.db.iterateRaw(k.selectFrom('source_file').select('session_id').where('source_id', '=', sourceId).where('session_id', 'is not', null).compile())) if (!contents.sessions.has(id as string)) sessions.push(id as string);
    for (const id of new Set(sessions)) {
      for (const table of ['part', 'message'] as const) this.db.run(k.deleteFrom(table).where('source_id', '=', sourceId).where('session_id', '=', id).compile());
      this.dropUsage(sourceId, id);
      this.db.run(k.deleteFrom('source_file').where('source_id', '=', sourceId).where('session_id', '=', id).compile());
      this.db.run(k.deleteFrom('session').where('source_id', '=', sourceId).where('id', '=', id).compile());
    }
    if (sessions.length > 0) this.db.run(this.rollup.dropEmpty, [sourceId, 0]);
  }

  /** Parts of the source a full read did not produce are gone (equal counts: every part read was written, nothing is). */
  sweepParts(sourceId: number, read: ReadonlySet<string>): void {
    this.db.transaction(() => this.counted(sourceId, () => this.sweepPartsIn(sourceId, read)));
  }

  private sweepPartsIn(sourceId: number, read: ReadonlySet<string>): void {
    const k = this.kysely;
    const held = Number(this.db.value(k.selectFrom('part').select((eb) => eb.fn.countAll().as('n')).where('source_id', '=', sourceId).compile()));
    if (held === read.size) return;
    const gone: string[] = [];
    for (const [id] of this.db.iterateRaw(k.selectFrom('part').select('id').where('source_id', '=', sourceId).compile())) if (!read.has(id as string)) gone.push(id as string);
    for (const id of gone) this.db.run(k.deleteFrom('part').where('source_id', '=', sourceId).where('id', '=', id).compile());
  }
}
