import type { Kysely } from 'kysely';
import type { SessionDb } from '../schema';

/** The table that records which migrations ran (created before any of them). */
export function createMigrationTable(k: Kysely<SessionDb>) {
  return k.schema
    .createTable('schema_migration')
    .ifNotExists()
    .addColumn('version', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('applied_at', 'bigint', (c) => c.notNull())
    .compile();
}
