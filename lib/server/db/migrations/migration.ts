import type { CompiledQuery, Kysely } from 'kysely';

/**
 * A forward-only schema change, written once with Kysely's schema builder and compiled for either
 * engine (SQLite for the cache, PostgreSQL for a team). `version` orders them; a database that
 * recorded a version this build does not know is newer than the code reading it.
 */
export interface Migration {
  version: number;
  name: string;
  statements(db: Kysely<unknown>): CompiledQuery[];
  /** Statements only PostgreSQL runs, after `statements` (an index on an expression SQLite has no function for). */
  postgres?(db: Kysely<unknown>): CompiledQuery[];
}
