import type { Kysely } from 'kysely';
import type { Migration } from './migration';

/** Sources, projects, sessions and messages with their figures (types both engines read alike). */
export const sessionsMigration: Migration = {
  version: 1,
  name: 'sessions',
  statements: (db: Kysely<unknown>) => [
    db.schema
      .createTable('source')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('key', 'text', (c) => c.notNull().unique())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('priority', 'integer', (c) => c.notNull())
      .addColumn('complete_as', 'text')
      .compile(),
    db.schema
      .createTable('project')
      .addColumn('source_id', 'integer', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('name', 'text')
      .addColumn('worktree', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('project_pk', ['source_id', 'id'])
      .compile(),
    db.schema
      .createTable('session')
      .addColumn('source_id', 'integer', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('directory', 'text', (c) => c.notNull())
      .addColumn('parent_id', 'text')
      .addColumn('forked_from', 'text')
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addColumn('archived', 'bigint')
      .addColumn('origin', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('session_pk', ['source_id', 'id'])
      .compile(),
    db.schema.createIndex('session_by_id').on('session').column('id').compile(),
    db.schema
      .createTable('message')
      .addColumn('source_id', 'integer', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('session_id', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('completed', 'bigint')
      .addColumn('provider_id', 'text')
      .addColumn('model_id', 'text')
      .addColumn('agent', 'text')
      .addColumn('cost', 'double precision', (c) => c.notNull())
      .addColumn('input', 'bigint', (c) => c.notNull())
      .addColumn('output', 'bigint', (c) => c.notNull())
      .addColumn('reasoning', 'bigint', (c) => c.notNull())
      .addColumn('cache_read', 'bigint', (c) => c.notNull())
      .addColumn('cache_write', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('message_pk', ['source_id', 'id'])
      .compile(),
    db.schema.createIndex('message_by_session').on('message').columns(['source_id', 'session_id']).compile(),
    db.schema
      .createTable('usage_rollup')
      .addColumn('source_id', 'integer', (c) => c.notNull())
      .addColumn('session_id', 'text', (c) => c.notNull())
      .addColumn('quarter', 'bigint', (c) => c.notNull())
      .addColumn('provider_id', 'text')
      .addColumn('model_id', 'text')
      .addColumn('agent', 'text')
      .addColumn('long_context', 'integer', (c) => c.notNull())
      .addColumn('messages', 'bigint', (c) => c.notNull())
      .addColumn('used_messages', 'bigint', (c) => c.notNull())
      .addColumn('cost', 'double precision', (c) => c.notNull())
      .addColumn('input', 'bigint', (c) => c.notNull())
      .addColumn('output', 'bigint', (c) => c.notNull())
      .addColumn('reasoning', 'bigint', (c) => c.notNull())
      .addColumn('cache_read', 'bigint', (c) => c.notNull())
      .addColumn('cache_write', 'bigint', (c) => c.notNull())
      .compile(),
    db.schema.createIndex('usage_rollup_by_session').on('usage_rollup').columns(['source_id', 'session_id']).compile(),
  ],
};
