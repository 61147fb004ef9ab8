import 'server-only';
import { queryBuilder } from '../builders';
import { MIGRATIONS } from '../migrations';
import type { SqliteSessionDb } from './sqlite-session-db';

/** The database recorded a migration this build does not have: another build's cache, rebuilt. */
export class ForeignSchemaError extends Error {}

/**
 * Brings the cache's schema to this build's, in one transaction (two dashboards starting at once
 * take turns: the second finds the work done). A database whose recorded migrations are not a
 * prefix of this build's throws ForeignSchemaError.
 */
export function migrateSqlite(db: SqliteSessionDb): void {
  const kysely = queryBuilder('sqlite');
  db.transaction(() => {
    db.run(
      kysely.schema
        .createTable('schema_migration')
        .ifNotExists()
        .addColumn('version', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('applied_at', 'bigint', (c) => c.notNull())
        .compile(),
    );
    const applied = db.all(kysely.selectFrom('schema_migration').select(['version', 'name']).orderBy('version').compile());
    const known = new Map(MIGRATIONS.map((m) => [m.version, m.name]));
    for (const row of applied) {
      if (known.get(row.version) !== row.name) throw new ForeignSchemaError(`schema migration ${row.version} "${row.name}" is not this build's`);
    }
    const done = new Set(applied.map((row) => row.version));
    for (const migration of MIGRATIONS) {
      if (done.has(migration.version)) continue;
      for (const statement of migration.statements(kysely as never)) db.run(statement);
      db.run(kysely.insertInto('schema_migration').values({ version: migration.version, name: migration.name, applied_at: Date.now() }).compile());
    }
  });
}
