import type { Kysely } from 'kysely';
import type { Migration } from './migration';

/**
 * A team's database holds every machine's sources: `source` gains the machine and the person whose
 * rows they are, unique per (machine, key) instead of per key; `session` gains the digest of what a
 * publisher last wrote of it, and an index for the team's list (newest activity first). SQLite
 * cannot drop 0001's unique constraint in place, so the table is built anew and renamed, the same
 * statements on both engines (constraints named, so PostgreSQL's names do not follow the
 * temporary table's). In the cache every source is this machine's ('').
 */
export const teamMigration: Migration = {
  version: 3,
  name: 'team',
  statements: (db: Kysely<unknown>) => [
    db.schema
      .createTable('source_0003')
      .addColumn('id', 'integer', (c) => c.notNull())
      .addColumn('machine', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('person', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('priority', 'integer', (c) => c.notNull())
      .addColumn('complete_as', 'text')
      .addPrimaryKeyConstraint('source_id_pk', ['id'])
      .addUniqueConstraint('source_machine_key', ['machine', 'key'])
      .compile(),
    db
      .insertInto('source_0003' as never)
      .columns(['id', 'key', 'kind', 'path', 'priority', 'complete_as'] as never)
      .expression(db.selectFrom('source' as never).select(['id', 'key', 'kind', 'path', 'priority', 'complete_as'] as never))
      .compile(),
    db.schema.dropTable('source').compile(),
    db.schema.alterTable('source_0003').renameTo('source').compile(),
    db.schema.alterTable('session').addColumn('digest', 'text').compile(),
    // The team's session list: newest activity first, a page at a time.
    db.schema.createIndex('session_by_updated').on('session').columns(['updated', 'source_id', 'id']).compile(),
  ],
};
