import 'server-only';
import type { ChangeSet } from '../../readers/read-result';
import { queryBuilder } from '../builders';
import type { MessageTable, ProjectTable, SessionTable } from '../schema';
import type { SqliteSessionDb } from '../sqlite/sqlite-session-db';
import { messageRow, projectRow, sessionRow } from './rows';
import { upsertStatement } from './upsert-statement';

const PROJECT_COLUMNS = ['source_id', 'id', 'name', 'worktree'] as const satisfies readonly (keyof ProjectTable)[];
const SESSION_COLUMNS = ['source_id', 'id', 'kind', 'project_id', 'directory', 'parent_id', 'forked_from', 'title', 'created', 'updated', 'archived', 'origin'] as const satisfies readonly (keyof SessionTable)[];
const MESSAGE_COLUMNS = ['source_id', 'id', 'session_id', 'role', 'created', 'completed', 'provider_id', 'model_id', 'agent', 'cost', 'input', 'output', 'reasoning', 'cache_read', 'cache_write'] as const satisfies readonly (keyof MessageTable)[];

/** What a source still holds after a full read: rows of the source the database has beyond these are gone. */
export interface SourceContents {
  projects: ReadonlySet<string>;
  sessions: ReadonlySet<string>;
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
      for (const project of changes.projects) this.db.run(this.upsertProject.query, this.upsertProject.parameters(projectRow(sourceId, project)));
      for (const session of changes.sessions) this.db.run(this.upsertSession.query, this.upsertSession.parameters(sessionRow(sourceId, session)));
      for (const message of changes.messages) this.db.run(this.upsertMessage.query, this.upsertMessage.parameters(messageRow(sourceId, message)));
      for (const id of changes.removed.messages) this.db.run(this.kysely.deleteFrom('message').where('source_id', '=', sourceId).where('id', '=', id).compile());
      for (const id of changes.removed.sessions) {
        this.db.run(this.kysely.deleteFrom('message').where('source_id', '=', sourceId).where('session_id', '=', id).compile());
        this.db.run(this.kysely.deleteFrom('session').where('source_id', '=', sourceId).where('id', '=', id).compile());
      }
    });
  }

  /**
   * After a full read (a reader's complete change set and the stages after it), removes what the
   * source no longer holds. Nothing is cleared before: another dashboard on the same database
   * keeps seeing the source whole while this one reads it again.
   */
  sweep(sourceId: number, contents: SourceContents): void {
    const k = this.kysely;
    this.db.transaction(() => {
      const goneProjects: string[] = [];
      for (const [id] of this.db.iterateRaw(k.selectFrom('project').select('id').where('source_id', '=', sourceId).compile())) if (!contents.projects.has(id as string)) goneProjects.push(id as string);
      const goneSessions: string[] = [];
      for (const [id] of this.db.iterateRaw(k.selectFrom('session').select('id').where('source_id', '=', sourceId).compile())) if (!contents.sessions.has(id as string)) goneSessions.push(id as string);
      const goneMessages: string[] = [];
      for (const [id, sessionID] of this.db.iterateRaw(k.selectFrom('message').select(['id', 'session_id']).where('source_id', '=', sourceId).compile())) {
        if (!contents.hasMessage(sessionID as string, id as string)) goneMessages.push(id as string);
      }
      for (const id of goneProjects) this.db.run(k.deleteFrom('project').where('source_id', '=', sourceId).where('id', '=', id).compile());
      for (const id of goneSessions) this.db.run(k.deleteFrom('session').where('source_id', '=', sourceId).where('id', '=', id).compile());
      for (const id of goneMessages) this.db.run(k.deleteFrom('message').where('source_id', '=', sourceId).where('id', '=', id).compile());
    });
  }
}
