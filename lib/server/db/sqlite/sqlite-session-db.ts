import 'server-only';
import type Database from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';

/**
 * The session database on this machine: one better-sqlite3 connection. Queries come compiled from
 * the shared builders (../builders.ts) and run synchronously, so the process's one writer applies
 * each change set in one transaction without yielding, and reads answer without a thread hop.
 */
export class SqliteSessionDb {
  readonly engine = 'sqlite' as const;
  private readonly statements = new Map<string, Database.Statement>();

  constructor(
    readonly connection: Database.Database,
    /** The file, or undefined for a database in memory (tests, a cache folder that cannot be used). */
    readonly file: string | undefined,
  ) {}

  private prepare(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) this.statements.set(sql, (statement = this.connection.prepare(sql)));
    return statement;
  }

  /** Runs a statement that returns no rows; the number of rows it changed. */
  run(query: CompiledQuery, parameters: readonly unknown[] = query.parameters): number {
    return this.prepare(query.sql).run(...parameters).changes;
  }

  all<R>(query: CompiledQuery<R>, parameters: readonly unknown[] = query.parameters): R[] {
    return this.prepare(query.sql).all(...parameters) as R[];
  }

  /** The first column of the first row, if any (a point lookup with no row object made). */
  value<T>(query: CompiledQuery, parameters: readonly unknown[] = query.parameters): T | undefined {
    return this.prepare(query.sql).pluck(true).get(...parameters) as T | undefined;
  }

  /** Rows one at a time (a large scan need not hold them all). */
  *iterate<R>(query: CompiledQuery, parameters: readonly unknown[] = query.parameters): IterableIterator<R> {
    yield* this.prepare(query.sql).iterate(...parameters) as IterableIterator<R>;
  }

  /** Rows as arrays (a large scan allocates no object per row). */
  *iterateRaw(query: CompiledQuery, parameters: readonly unknown[] = query.parameters): IterableIterator<unknown[]> {
    yield* this.prepare(query.sql).raw(true).iterate(...parameters) as IterableIterator<unknown[]>;
  }

  /** Rows inserted, updated or deleted on this connection since it opened (an upsert that found its row equal counts none). */
  totalChanges(): number {
    return this.prepare('select total_changes()').pluck(true).get() as number;
  }

  /** `task` in one IMMEDIATE transaction: another process's writer waits (busy timeout), never interleaves. */
  transaction<T>(task: () => T): T {
    return this.connection.transaction(task).immediate();
  }

  close(): void {
    this.statements.clear();
    if (this.connection.open) this.connection.close();
  }
}
