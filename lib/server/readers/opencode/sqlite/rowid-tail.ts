import 'server-only';

/**
 * Rows remembered below a cursor's rowid, newest first (`[rowid, id]`): the newest TAIL_ROWS rows,
 * then rows at doubling distances below them.
 *
 * OpenCode's tables number rows by SQLite's implicit rowid, and a new row takes the largest rowid
 * in the table plus one. When the newest rows go (an undone turn, a deleted session), the next rows
 * written take their rowids again: a cursor that reads "rows after the last rowid I took" never
 * sees them. A remembered row that still holds the same id proves that no new row sits at or
 * below it (it was there all along, so every row written since got a larger rowid); the highest
 * such row is where a cursor may safely read on from. An undone turn's rows are within the newest
 * rows (nothing is read again but the rows written since); below them, doubling distances keep
 * this to ~log2(n) rows while the rows read again are at most twice those that went.
 */
export type RowidTail = [number, string][];

/** The newest rows remembered one by one. */
export const TAIL_ROWS = 32;

interface TailQueries {
  /** The `limit` rows with the largest rowids at or below the given one, newest first. */
  newestAtOrBelow(rowid: number, limit: number): { rowid: number; id: string }[];
  /** The row with the largest rowid at or below the given one. */
  atOrBelow(rowid: number): { rowid: number; id: string } | undefined;
  /** The id of the row at this rowid. */
  idAt(rowid: number): string | undefined;
}

/**
 * The rows a cursor at `top` remembers (see RowidTail), as they are now. With `previous` (what it
 * remembered at `from`, a little lower): the newest rows are read again and the rows at doubling
 * distances kept from it, while the cursor moved less than TAIL_ROWS since they were placed (one
 * query per live write instead of ~20; farther apart, they are placed anew).
 */
export function rememberTail(q: Omit<TailQueries, 'idAt'>, top: number, previous?: { tail: RowidTail; placedAt: number }): { tail: RowidTail; placedAt: number } {
  const tail: RowidTail = q.newestAtOrBelow(top, TAIL_ROWS).map((row) => [row.rowid, row.id]);
  const lowest = tail.at(-1);
  if (tail.length < TAIL_ROWS || !lowest) return { tail, placedAt: top };
  if (previous && previous.placedAt <= top && top - previous.placedAt < TAIL_ROWS) {
    for (const entry of previous.tail) if (entry[0] < lowest[0]) tail.push(entry);
    return { tail, placedAt: previous.placedAt };
  }
  for (let step = 1, target = lowest[0] - 1; target >= 1; step *= 2, target = lowest[0] - step) {
    const row = q.atOrBelow(target);
    if (!row) break;
    if (tail.at(-1)?.[0] !== row.rowid) tail.push([row.rowid, row.id]);
  }
  return { tail, placedAt: top };
}

/**
 * Where a cursor at `cursor` may read on from (rows with a larger rowid are new to it): the highest
 * remembered row still there, `cursor` itself when nothing went (0 if no remembered row is left).
 * Without a tail, `cursor` as it is.
 */
export function safeRowid(q: Pick<TailQueries, 'idAt'>, tail: RowidTail | undefined, cursor: number): number {
  if (!tail || tail.length === 0) return cursor;
  for (const [rowid, id] of tail) if (q.idAt(rowid) === id) return Math.min(cursor, rowid);
  return 0;
}
