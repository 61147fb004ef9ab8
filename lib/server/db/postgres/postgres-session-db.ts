import 'server-only';
import type { CompiledQuery } from 'kysely';
import pg from 'pg';
import { runAsync, type QueryPlan } from '../query-plan';

/**
 * A team's session database on PostgreSQL: the same schema and the same compiled queries as the
 * cache on this machine, through a `pg` pool. Credentials come from the URL, PGPASSWORD or
 * ~/.pgpass (pg reads both), never from a log line.
 */
export class PostgresSessionDb {
  readonly engine = 'postgres' as const;

  constructor(readonly pool: pg.Pool) {}

  async all(query: CompiledQuery, client: pg.Pool | pg.PoolClient = this.pool): Promise<Record<string, unknown>[]> {
    return (await client.query(query.sql, [...query.parameters])).rows as Record<string, unknown>[];
  }

  async run(query: CompiledQuery, client: pg.Pool | pg.PoolClient = this.pool): Promise<number> {
    return (await client.query(query.sql, [...query.parameters])).rowCount ?? 0;
  }

  answer<T>(plan: QueryPlan<T>): Promise<T> {
    return runAsync((query) => this.all(query), plan);
  }

  /** `task` in one transaction on one connection: committed whole or rolled back. */
  async transaction<T>(task: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await task(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

export function openPostgresSessionDb(url: string, options: { max?: number } = {}): PostgresSessionDb {
  return new PostgresSessionDb(new pg.Pool({ connectionString: url, max: options.max ?? 4, application_name: 'sessionscope' }));
}
