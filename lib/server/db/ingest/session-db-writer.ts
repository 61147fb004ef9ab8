import 'server-only';
import { badTimeOfMessage, badTimeOfSession } from '@/lib/model/record-times';
import type { ChangeSet } from '../../readers/read-result';
import { queryBuilder } from '../builders';
import type { MessageTable, ProjectTable, SessionTable } from '../schema';
import type { SqliteSessionDb } from '../sqlite/sqlite-session-db';
import { messageRow, projectRow, sessionRow } from './rows';
import { upsertStatement } from './upsert-statement';
import { deleteRollup, insertRollup } from './rollup';
import { compiledOnce, perSessionQuery } from './reusable-query';

/** Every column of a table, once: a column added to the schema and not written here fails to compile. */
function allColumns<T>(columns: Record<keyof T & string, true>): (keyof T & string)[] {
  return Object.keys(columns) as (keyof T & string)[];
}

const PROJECT_COLUMNS = allColumns<ProjectTable>({ source_id: true, id: true, name: true, worktree: true });
const SESSION_COLUMNS = allColumns<SessionTable>({ source_id: true, id: true, kind: true, project_id: true, directory: true, parent_id: true, forked_from: true, title: true, created: true, updated: true, archived: true, origin: true });
const MESSAGE_COLUMNS = allColumns<MessageTable>({ source_id: true, id: true, session_id: true, role: true, created: true, completed: true, provider_id: true, model_id: true, agent: true, cost: true, cost_unrecorded: true, input: true, output: true, reasoning: true, cache_read: true, cache_write: true });

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
      for (const id of removedMessages) {
        const before = this.sessionOf(sourceId, id);
        if (before === undefined) continue;
        touched.add(before);
        this.db.run(this.kysely.deleteFrom('message').where('source_id', '=', sourceId).where('id', '=', id).compile());
      }
      for (const id of removedSessions) {
        this.db.run(this.kysely.deleteFrom('message').where('source_id', '=', sourceId).where('session_id', '=', id).compile());
        this.db.run(this.kysely.deleteFrom('session').where('source_id', '=', sourceId).where('id', '=', id).compile());
        touched.add(id);
      }
      this.sumUsage(sourceId, touched);
    });
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
}
