import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import type { SessionDb } from './schema';

export type Engine = 'sqlite' | 'postgres';

/**
 * Query builders that only compile: queries are written once against `SessionDb` and run by the
 * engine's own connection (better-sqlite3 synchronously, so the one writer applies a change set
 * in a single synchronous transaction; `pg` for a team's database).
 */
const builders: Record<Engine, Kysely<SessionDb>> = {
  sqlite: new Kysely<SessionDb>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  }),
  postgres: new Kysely<SessionDb>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }),
};

export function queryBuilder(engine: Engine): Kysely<SessionDb> {
  return builders[engine];
}
