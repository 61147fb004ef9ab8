import { sql, type Kysely } from 'kysely';
import type { Migration } from './migration';

/**
 * Each shown session's summary (SessionSummaryTable, SessionSummaryBodyTable): the session table,
 * its filters and pages, the projects' counts and the statuses a publish sends are queries on it.
 */
export const sessionSummaryMigration: Migration = {
  version: 17,
  name: 'session-summary',
  statements: (db: Kysely<unknown>) => [
    db.schema
      .createTable('session_summary')
      .addColumn('source_id', 'integer', (c) => c.notNull())
      .addColumn('session_id', 'text', (c) => c.notNull())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('directory', 'text', (c) => c.notNull())
      .addColumn('parent_id', 'text')
      .addColumn('forked_from', 'text')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('archived', 'integer', (c) => c.notNull())
      .addColumn('title_key', 'text', (c) => c.notNull())
      .addColumn('prompt_key', 'text')
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('first_activity', 'bigint', (c) => c.notNull())
      .addColumn('last_activity', 'bigint', (c) => c.notNull())
      .addColumn('cost', 'double precision', (c) => c.notNull())
      .addColumn('total_cost', 'double precision', (c) => c.notNull())
      .addColumn('tokens', 'bigint', (c) => c.notNull())
      .addColumn('messages', 'bigint', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('last_write', 'bigint', (c) => c.notNull())
      .addColumn('models', 'text', (c) => c.notNull())
      .addColumn('agents', 'text', (c) => c.notNull())
      .addColumn('hash', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('session_summary_pk', ['source_id', 'session_id'])
      .compile(),
    // The summaries themselves apart: a count or a filter scans the narrow rows above, not 24 MB of JSON.
    db.schema
      .createTable('session_summary_body')
      .addColumn('source_id', 'integer', (c) => c.notNull())
      .addColumn('session_id', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('session_summary_body_pk', ['source_id', 'session_id'])
      .compile(),
    // The table's default order (most recently active first), paged by keyset; other orders sort the matches.
    db.schema.createIndex('session_summary_by_activity').on('session_summary').columns(['last_activity', 'session_id']).compile(),
    // Forks are few: the index holds only them (a live write to any other session leaves it alone).
    db.schema.createIndex('session_summary_by_fork').on('session_summary').column('forked_from').where(sql.ref('forked_from'), 'is not', null).compile(),
  ],
};
