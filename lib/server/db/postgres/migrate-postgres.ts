import 'server-only';
import { queryBuilder } from '../builders';
import { createMigrationTable } from '../migrations/migration-table';
import { planMigrations } from '../migrations/plan-migrations';
import type { PostgresSessionDb } from './postgres-session-db';

/** A lock key of our own: publishers starting at once migrate one after another. */
const MIGRATION_LOCK = 0x5e55_1015;

/**
 * Brings a team database's schema to this build's, in one transaction under an advisory lock
 * (several machines starting at once: the first migrates, the others find it done). A database
 * migrated by a newer build is never touched: the error says to upgrade.
 */
export async function migratePostgres(db: PostgresSessionDb): Promise<{ applied: number }> {
  const k = queryBuilder('postgres');
  return db.transaction(async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await db.run(createMigrationTable(k), client);
    const { pending, foreign } = planMigrations(await db.all(k.selectFrom('schema_migration').select(['version', 'name']).compile(), client) as { version: number; name: string }[]);
    if (foreign) throw new Error(`the team database's schema is newer than this Sessionscope's: ${foreign}; upgrade Sessionscope`);
    for (const migration of pending) {
      for (const statement of [...migration.statements(k as never), ...(migration.postgres?.(k as never) ?? [])]) await db.run(statement, client);
      await db.run(k.insertInto('schema_migration').values({ version: migration.version, name: migration.name, applied_at: Date.now() }).compile(), client);
    }
    return { applied: pending.length };
  });
}
