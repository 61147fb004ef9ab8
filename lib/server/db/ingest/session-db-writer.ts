import 'server-only';
import { badTimeOfMessage, badTimeOfPart, badTimeOfSession } from '@/lib/model/record-times';
import type { ChangeSet } from '../../readers/read-result';
import { queryBuilder } from '../builders';
import type { MessageTable, PartTable, ProjectTable, SessionTable } from '../schema';
import type { SqliteSessionDb } from '../sqlite/sqlite-session-db';
import { messageRow, partRow, projectRow, sessionRow } from './rows';
import { upsertStatement } from './upsert-statement';
import { deleteRollup, insertRollup } from './rollup';
import { compiledOnce, perSessionQuery } from './reusable-query';

const PROJECT_COLUMNS = ['source_id', 'id', 'name', 'worktree'] as const satisfies readonly (keyof ProjectTable)[];
const SESSION_COLUMNS = ['source_id', 'id', 'kind', 'project_id', 'directory', 'parent_id', 'forked_from', 'title', 'created', 'updated', 'archived', 'origin'] as const satisfies readonly (keyof SessionTable)[];
const PART_COLUMNS = ['source_id', 'id', 'session_id', 'message_id', 'type', 'tool', 'status', 'rejected', 'created', 'ended'] as const satisfies readonly (keyof PartTable)[];
const MESSAGE_COLUMNS = ['source_id', 'id', 'session_id', 'role', 'created', 'completed', 'provider_id', 'model_id', 'agent', 'cost', 'input', 'output', 'reasoning', 'cache_read', 'cache_write', 'ttft'] as const satisfies readonly (keyof MessageTable)[];

/**
 * What a source still holds after a full read: rows of the source the database has beyond these
 * are gone. Every record it holds was written to the database as it came (the writer applies each
 * change set the store takes in), so equal counts mean equal sets and nothing is gone.
 */
export interface SourceContents {
  projects: ReadonlySet<string>;
  sessions: ReadonlySet<string>;
  messageCount: number;
  hasMessage(sessionID: string, messageID: string): boolean;
  /** The ids of every part the read produced (undefined: the parts were not read whole, none is removed). */
  parts?: ReadonlySet<string>;
}

/**
 * The one writer of the session database in this process: each change set a reader produced is
 * applied in one transaction (upserts by the source's own ids, then removals), so a reader of the
 * database sees a change set whole or not at all.
 */
export class SessionDbWriter {
  private readonly kysely = queryBuilder('sqlite');
  private readonly upsertProject = upsertStatement('sqlite', 'project', ['source_id', 'id'], PROJECT_COLUMNS);
  private readonly upsertSession = upsertStatement('sqlite', 'session', ['source_id', 'id'], SESSION_COLUMNS);
  private readonly upsertMessage = upsertStatement('sqlite', 'message', ['source_id', 'id'], MESSAGE_COLUMNS);
  private readonly upsertPart = upsertStatement('sqlite', 'part', ['source_id', 'id'], PART_COLUMNS);
  private readonly rollup = {
    delete: compiledOnce((source, session) => deleteRollup('sqlite', source, session)),
    deleteParameters: perSessionQuery((source, session) => deleteRollup('sqlite', source, session)),
    insert: compiledOnce((source, session) => insertRollup('sqlite', source, session)),
    insertParameters: perSessionQuery((source, session) => insertRollup('sqlite', source, session)),
  };
  private readonly sessionOfMessage = this.kysely.selectFrom('message').select('session_id').where('source_id', '=', 0).where('id', '=', '').compile();

  constructor(readonly db: SqliteSessionDb) {}

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

  recordCompleteAs(sourceId: number, fingerprint: string | undefined): void {
    this.db.run(this.kysely.updateTable('source').set({ complete_as: fingerprint ?? null }).where('id', '=', sourceId).compile());
  }

  apply(sourceId: number, changes: ChangeSet): void {
    this.db.transaction(() => {
      // Sessions whose usage rows are summed again: those a message was written to, left or removed from.
      const touched = new Set<string>();
      for (const project of changes.projects) this.db.run(this.upsertProject.query, this.upsertProject.parameters(projectRow(sourceId, project)));
      // A record dated out of range is skipped as the store skips it (lib/model/record-times.ts): gone, if it was there.
      const removedSessions = [...changes.removed.sessions];
      const removedMessages = [...changes.removed.messages];
      for (const session of changes.sessions) {
        if (badTimeOfSession(session) !== undefined) removedSessions.push(session.id);
        else this.db.run(this.upsertSession.query, this.upsertSession.parameters(sessionRow(sourceId, session)));
      }
      for (const message of changes.messages) {
        if (badTimeOfMessage(message) !== undefined) {
          removedMessages.push(message.id);
          continue;
        }
        const before = this.sessionOf(sourceId, message.id);
        if (before !== undefined && before !== message.sessionID) touched.add(before);
        if (this.db.run(this.upsertMessage.query, this.upsertMessage.parameters(messageRow(sourceId, message))) > 0) touched.add(message.sessionID);
      }
      this.writeParts(sourceId, changes);
      for (const id of removedMessages) {
        // A message's parts go with it (OpenCode deletes them together; a file reader lists both).
        this.db.run(this.kysely.deleteFrom('part').where('source_id', '=', sourceId).where('message_id', '=', id).compile());
        const before = this.sessionOf(sourceId, id);
        if (before === undefined) continue;
        touched.add(before);
        this.db.run(this.kysely.deleteFrom('message').where('source_id', '=', sourceId).where('id', '=', id).compile());
      }
      for (const id of removedSessions) {
        this.db.run(this.kysely.deleteFrom('part').where('source_id', '=', sourceId).where('session_id', '=', id).compile());
        this.db.run(this.kysely.deleteFrom('message').where('source_id', '=', sourceId).where('session_id', '=', id).compile());
        this.db.run(this.kysely.deleteFrom('session').where('source_id', '=', sourceId).where('id', '=', id).compile());
        touched.add(id);
      }
      this.sumUsage(sourceId, touched);
    });
  }

  /** A change set's parts alone, in one transaction (see SessionDbMirror.apply). */
  applyParts(sourceId: number, changes: ChangeSet): void {
    if (changes.parts.length + changes.removed.parts.length + changes.listedParts.length > 0) this.db.transaction(() => this.writeParts(sourceId, changes));
  }

  /** Parts upserted, removed, and those a session's full part list lacks deleted. */
  private writeParts(sourceId: number, changes: ChangeSet): void {
    const k = this.kysely;
    const remove = (id: string) => this.db.run(k.deleteFrom('part').where('source_id', '=', sourceId).where('id', '=', id).compile());
    for (const part of changes.parts) {
      // A part dated out of range is skipped as the store skips it: gone, if it was there.
      if (badTimeOfPart(part) !== undefined) remove(part.id);
      else this.db.run(this.upsertPart.query, this.upsertPart.parameters(partRow(sourceId, part)));
    }
    for (const id of changes.removed.parts) remove(id);
    for (const { sessionID, partIDs } of changes.listedParts) {
      const listed = new Set(partIDs);
      const held = this.db.all(k.selectFrom('part').select('id').where('source_id', '=', sourceId).where('session_id', '=', sessionID).compile());
      for (const { id } of held) if (!listed.has(id)) remove(id);
    }
  }

  private sessionOf(sourceId: number, messageID: string): string | undefined {
    return this.db.value<string>(this.sessionOfMessage, [sourceId, messageID]);
  }

  /** The sessions' usage rows, summed again from their messages (none for a session that is gone). */
  private sumUsage(sourceId: number, sessions: Iterable<string>): void {
    for (const id of sessions) {
      this.db.run(this.rollup.delete, this.rollup.deleteParameters(sourceId, id));
      this.db.run(this.rollup.insert, this.rollup.insertParameters(sourceId, id));
    }
  }

  /**
   * After a full read (a reader's complete change set and the stages after it), removes what the
   * source no longer holds. Nothing is cleared before: another dashboard on the same database
   * keeps seeing the source whole while this one reads it again.
   */
  sweep(sourceId: number, contents: SourceContents): void {
    const k = this.kysely;
    this.db.transaction(() => {
      if (contents.parts) this.sweepPartsIn(sourceId, contents.parts);
      const count = (table: 'project' | 'session' | 'message') => Number(this.db.value(k.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('source_id', '=', sourceId).compile()));
      if (count('message') === contents.messageCount && count('session') === contents.sessions.size && count('project') === contents.projects.size) return;
      const goneProjects: string[] = [];
      for (const [id] of this.db.iterateRaw(k.selectFrom('project').select('id').where('source_id', '=', sourceId).compile())) if (!contents.projects.has(id as string)) goneProjects.push(id as string);
      const goneSessions: string[] = [];
      for (const [id] of this.db.iterateRaw(k.selectFrom('session').select('id').where('source_id', '=', sourceId).compile())) if (!contents.sessions.has(id as string)) goneSessions.push(id as string);
      const goneMessages: string[] = [];
      const touched = new Set<string>(goneSessions);
      for (const [id, sessionID] of this.db.iterateRaw(k.selectFrom('message').select(['id', 'session_id']).where('source_id', '=', sourceId).compile())) {
        if (contents.hasMessage(sessionID as string, id as string)) continue;
        goneMessages.push(id as string);
        touched.add(sessionID as string);
      }
      for (const id of goneProjects) this.db.run(k.deleteFrom('project').where('source_id', '=', sourceId).where('id', '=', id).compile());
      for (const id of goneSessions) this.db.run(k.deleteFrom('session').where('source_id', '=', sourceId).where('id', '=', id).compile());
      for (const id of goneMessages) this.db.run(k.deleteFrom('message').where('source_id', '=', sourceId).where('id', '=', id).compile());
      // Usage rows of sessions the source does not hold (written by a build that lost them) go too.
      for (const [id] of this.db.iterateRaw(k.selectFrom('usage_rollup').select('session_id').distinct().where('source_id', '=', sourceId).compile())) if (!contents.sessions.has(id as string)) touched.add(id as string);
      this.sumUsage(sourceId, touched);
    });
  }

  /** Parts of the source a full read did not produce are gone (equal counts: every part read was written, nothing is). */
  sweepParts(sourceId: number, read: ReadonlySet<string>): void {
    this.db.transaction(() => this.sweepPartsIn(sourceId, read));
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
