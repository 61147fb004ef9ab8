import type { Kysely } from 'kysely';
import type { Migration } from './migration';

/** Parts without their text (each tool call's name, outcome and times), and replies' time to first token: tool and model insights. */
export const partsMigration: Migration = {
  version: 2,
  name: 'parts',
  statements: (db: Kysely<unknown>) => [
    db.schema
      .createTable('part')
      .addColumn('source_id', 'integer', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('session_id', 'text', (c) => c.notNull())
      .addColumn('message_id', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('tool', 'text')
      .addColumn('status', 'text')
      .addColumn('rejected', 'integer', (c) => c.notNull())
      .addColumn('created', 'bigint')
      .addColumn('ended', 'bigint')
      .addPrimaryKeyConstraint('part_pk', ['source_id', 'id'])
      .compile(),
    db.schema.createIndex('part_by_session').on('part').columns(['source_id', 'session_id']).compile(),
    db.schema.createIndex('part_by_message').on('part').columns(['source_id', 'message_id']).compile(),
    db.schema.alterTable('message').addColumn('ttft', 'double precision').compile(),
  ],
};
