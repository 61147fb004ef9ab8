import { sql, type CompiledQuery } from 'kysely';
import { queryBuilder, type Engine } from '../builders';
import type { SessionDb } from '../schema';

type Table = 'project' | 'session' | 'message' | 'part' | 'source_file' | 'session_summary' | 'session_summary_body';

export interface UpsertStatement<Row> {
  query: CompiledQuery;
  /** How many rows one run of the statement writes. */
  rows: number;
  /** The rows' values (exactly `rows` of them) in the statement's parameter order. */
  parameters(rows: readonly Row[]): unknown[];
}

/**
 * One compiled "insert, or update where anything differs" per table and batch size: a row ingested
 * again with the same values (a restart re-reading what it had) writes no page. The statement is
 * built once with each column's name as its placeholder value, so the compiled parameter list says
 * which column each position takes. With `returning`, the statement hands back that column of each
 * row it actually wrote (inserted or changed), none of the rows that were equal already.
 */
export function upsertStatement<T extends Table>(
  engine: Engine,
  table: T,
  keys: readonly (keyof SessionDb[T] & string)[],
  columns: readonly (keyof SessionDb[T] & string)[],
  options: { rows?: number; returning?: keyof SessionDb[T] & string } = {},
): UpsertStatement<SessionDb[T]> {
  const kysely = queryBuilder(engine);
  const rows = options.rows ?? 1;
  const updated = columns.filter((c) => !keys.includes(c));
  const named = Object.fromEntries(columns.map((c) => [c, c]));
  const insert = kysely
    .insertInto(table)
    .values(Array.from({ length: rows }, () => named) as never)
    .onConflict((oc) =>
      oc
        .columns(keys as never)
        .doUpdateSet(Object.fromEntries(updated.map((c) => [c, sql.ref(`excluded.${c}`)])) as never)
        .where(sql<boolean>`${sql.join(updated.map((c) => sql`${sql.ref(`${table}.${c}`)} is distinct from ${sql.ref(`excluded.${c}`)}`), sql` or `)}`),
    );
  const query = options.returning ? insert.returning(options.returning as never).compile() : insert.compile();
  const order = query.parameters.slice(0, query.parameters.length / rows).map((p) => p as keyof SessionDb[T] & string);
  return {
    query,
    rows,
    parameters: (batch) => {
      const out: unknown[] = [];
      for (const row of batch) for (const column of order) out.push(row[column]);
      return out;
    },
  };
}
