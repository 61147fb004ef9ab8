import { sql, type CompiledQuery } from 'kysely';
import { queryBuilder, type Engine } from '../builders';
import type { SessionDb } from '../schema';

type Table = 'project' | 'session' | 'message' | 'part';

export interface UpsertStatement<Row> {
  query: CompiledQuery;
  /** The row's values in the statement's parameter order. */
  parameters(row: Row): unknown[];
}

/**
 * One compiled "insert, or update where anything differs" per table: a row ingested again with the
 * same values (a restart re-reading what it had) writes no page. The statement is built once with
 * each column's name as its placeholder value, so the compiled parameter list says which column
 * each position takes.
 */
export function upsertStatement<T extends Table>(engine: Engine, table: T, keys: readonly (keyof SessionDb[T] & string)[], columns: readonly (keyof SessionDb[T] & string)[]): UpsertStatement<SessionDb[T]> {
  const kysely = queryBuilder(engine);
  const updated = columns.filter((c) => !keys.includes(c));
  const values = Object.fromEntries(columns.map((c) => [c, c]));
  const query = kysely
    .insertInto(table)
    .values(values as never)
    .onConflict((oc) =>
      oc
        .columns(keys as never)
        .doUpdateSet(Object.fromEntries(updated.map((c) => [c, sql.ref(`excluded.${c}`)])) as never)
        .where(sql<boolean>`${sql.join(updated.map((c) => sql`${sql.ref(`${table}.${c}`)} is distinct from ${sql.ref(`excluded.${c}`)}`), sql` or `)}`),
    )
    .compile();
  const order = query.parameters.map((p) => p as keyof SessionDb[T] & string);
  return { query, parameters: (row) => order.map((column) => row[column]) };
}
