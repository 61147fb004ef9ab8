import type { CompiledQuery } from 'kysely';
import type { SqliteSessionDb } from './sqlite/sqlite-session-db';

/**
 * A question answered in several queries, written once for both engines: it yields each compiled
 * query and is handed back its rows. SQLite runs it synchronously (a route answers without a
 * thread hop); a team's PostgreSQL runs it with `await` (see postgres/).
 */
export type QueryPlan<T> = Generator<CompiledQuery, T, Record<string, unknown>[]>;

export function runSync<T>(db: SqliteSessionDb, plan: QueryPlan<T>): T {
  let step = plan.next(undefined as never);
  while (!step.done) step = plan.next(db.all<Record<string, unknown>>(step.value));
  return step.value;
}

export async function runAsync<T>(all: (query: CompiledQuery) => Promise<Record<string, unknown>[]>, plan: QueryPlan<T>): Promise<T> {
  let step = plan.next(undefined as never);
  while (!step.done) step = plan.next(await all(step.value));
  return step.value;
}
