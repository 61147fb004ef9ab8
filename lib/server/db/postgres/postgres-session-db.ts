import 'server-only';
import type { CompiledQuery } from 'kysely';
import pg from 'pg';
import { runAsync, type QueryPlan } from '../query-plan';
import { isLostConnection } from './lost-connection';

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

  /** A plan's reads, on the pool (see `read`). */
  answer<T>(plan: QueryPlan<T>): Promise<T> {
    return runAsync((query) => this.read(query), plan);
  }

  /**
   * A read on the pool. Sent on a pooled connection the server had closed while it sat idle (a
   * restart, a dropped link: node may not have heard yet), it fails whatever the server's state now;
   * the pool drops that connection and the read goes again on another, at most once per connection
   * the pool holds. So the first request after the database is back answers, rather than one request
   * failing per dead connection (the team search's parallel queries keep more than one). While the
   * database is still down, the fresh connection is refused and that is thrown.
   */
  private async read(query: CompiledQuery): Promise<Record<string, unknown>[]> {
    for (let retries = 0; ; retries++) {
      try {
        return await this.all(query);
      } catch (error) {
        if (retries >= (this.pool.options.max ?? 10) || !isLostConnection(error)) throw error;
      }
    }
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
