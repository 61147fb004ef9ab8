import type { Kysely } from 'kysely';
import type { Migration } from './migration';

/**
 * Whether a source's summary rows are current (SourceTable.data_generation, summaries_as): a restart
 * whose sources and prices are as the rows were built from reads them instead of building every
 * session's summary again.
 */
export const summariesAsMigration: Migration = {
  version: 18,
  name: 'summaries-as',
  statements: (db: Kysely<unknown>) => [
    db.schema.alterTable('source').addColumn('data_generation', 'bigint', (c) => c.notNull().defaultTo(0)).compile(),
    db.schema.alterTable('source').addColumn('summaries_as', 'text').compile(),
  ],
};
