import type { Kysely } from 'kysely';
import type { Migration } from './migration';

/**
 * What a team's database was still missing of a machine: each session's status as that machine's
 * dashboard infers it (a table of its own: the cache's writer never fills it), and the plans
 * (oh-my-opencode boulder works and plan files) with their progress, one row per machine and plan
 * (the cache holds none: this machine's plans are read from their files).
 */
export const teamPublishedMigration: Migration = {
  version: 7,
  name: 'team-published',
  statements: (db: Kysely<unknown>) => [
    db.schema
      .createTable('session_status')
      .addColumn('source_id', 'integer', (c) => c.notNull())
      .addColumn('session_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('session_status_pk', ['source_id', 'session_id'])
      .compile(),
    // "What runs now": the few live sessions, not a scan of every status.
    db.schema.createIndex('session_status_by_status').on('session_status').columns(['status']).compile(),
    db.schema
      .createTable('plan')
      .addColumn('machine', 'text', (c) => c.notNull())
      .addColumn('person', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('project_dir', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('status', 'text')
      .addColumn('active', 'integer', (c) => c.notNull())
      .addColumn('done', 'integer')
      .addColumn('total', 'integer')
      .addColumn('started', 'bigint')
      .addColumn('updated', 'bigint')
      .addColumn('session_ids', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('plan_pk', ['machine', 'key'])
      .compile(),
  ],
};
