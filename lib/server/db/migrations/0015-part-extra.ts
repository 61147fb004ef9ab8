import type { Kysely } from 'kysely';
import type { Migration } from './migration';

/**
 * What a session's status and context use read of a part beyond its columns (PartTable.extra): a
 * restart takes the newest messages' parts from the session database, and answered otherwise (a
 * turned-down call read as a crash, a reply's summed tokens as its context).
 */
export const partExtraMigration: Migration = {
  version: 15,
  name: 'part-extra',
  statements: (db: Kysely<unknown>) => [db.schema.alterTable('part').addColumn('extra', 'text').compile()],
};
