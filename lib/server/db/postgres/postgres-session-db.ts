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
    // A connection lost while checked out (the server stopped) is reported here, not thrown at the
    // process (a checked-out client has no listener of the pool's); the query under way fails too.
    let lost: Error | undefined;
    const onLost = (error: Error) => (lost = error);
    client.on('error', onLost);
    try {
      await client.query('BEGIN');
      const result = await task(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      if (!lost) await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.removeListener('error', onLost);
      // A lost connection is not given back for reuse.
      client.release(lost);
    }
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

export function openPostgresSessionDb(url: string, options: { max?: number } = {}): PostgresSessionDb {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 4, application_name: 'sessionscope' });
  // An idle connection the server closed (a restart, an administrator) is dropped from the pool, and
  // the next query opens another: without a listener the pool's 'error' would end the process.
  pool.on('error', () => undefined);
  return new PostgresSessionDb(pool);
}
