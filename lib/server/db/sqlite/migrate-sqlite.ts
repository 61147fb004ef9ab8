import 'server-only';
import { queryBuilder } from '../builders';
import { createMigrationTable } from '../migrations/migration-table';
import { planMigrations } from '../migrations/plan-migrations';
import type { SqliteSessionDb } from './sqlite-session-db';

/** The database recorded a migration this build does not have: another build's cache, rebuilt. */
export class ForeignSchemaError extends Error {}

/**
 * Brings the cache's schema to this build's, in one transaction (two dashboards starting at once
 * take turns: the second finds the work done). A database whose recorded migrations are not a
 * prefix of this build's throws ForeignSchemaError.
 */
export function migrateSqlite(db: SqliteSessionDb): void {
  const k = queryBuilder('sqlite');
  db.transaction(() => {
    db.run(createMigrationTable(k));
    const { pending, foreign } = planMigrations(db.all(k.selectFrom('schema_migration').select(['version', 'name']).compile()));
    if (foreign) throw new ForeignSchemaError(foreign);
    for (const migration of pending) {
      for (const statement of migration.statements(k as never)) db.run(statement);
      db.run(k.insertInto('schema_migration').values({ version: migration.version, name: migration.name, applied_at: Date.now() }).compile());
    }
  });
}
