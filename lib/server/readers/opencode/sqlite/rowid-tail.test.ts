import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rememberTail, safeRowid, TAIL_ROWS, type RowidTail } from './rowid-tail';

/** A table numbered as OpenCode's are (a text key, SQLite's implicit rowid), and a cursor reading "rows after the last rowid I took". */
function tableAndCursor() {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE part (id text PRIMARY KEY, data text NOT NULL)');
  const newest = db.prepare('SELECT rowid AS rowid, id FROM part WHERE rowid <= ? ORDER BY rowid DESC LIMIT ?');
  const atOrBelow = db.prepare('SELECT rowid AS rowid, id FROM part WHERE rowid <= ? ORDER BY rowid DESC LIMIT 1');
  const idAt = db.prepare('SELECT id FROM part WHERE rowid = ?').pluck();
  const q = { newestAtOrBelow: (rowid: number, limit: number) => newest.all(rowid, limit) as { rowid: number; id: string }[], atOrBelow: (rowid: number) => atOrBelow.get(rowid) as { rowid: number; id: string } | undefined, idAt: (rowid: number) => idAt.get(rowid) as string | undefined };
  let cursor = 0;
  let tail: { tail: RowidTail; placedAt: number } | undefined;
  const seen = new Set<string>();
  let readAgain = 0;
  const read = (): void => {
    cursor = safeRowid(q, tail?.tail, cursor);
    for (const row of db.prepare('SELECT rowid AS rowid, id FROM part WHERE rowid > ? ORDER BY rowid').all(cursor) as { rowid: number; id: string }[]) {
      if (seen.has(row.id)) readAgain++;
      seen.add(row.id);
      cursor = row.rowid;
    }
    tail = rememberTail(q, cursor, tail);
  };
  const ids = () => db.prepare('SELECT id FROM part').pluck().all() as string[];
  return { db, read, seen, ids, tail: () => tail?.tail ?? [], readAgain: () => readAgain };
}

type Op = { kind: 'insert'; n: number } | { kind: 'delete-newest'; n: number } | { kind: 'delete-any'; at: number } | { kind: 'read' };
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('insert' as const), n: fc.integer({ min: 1, max: 40 }) }), weight: 3 },
  fc.record({ kind: fc.constant('delete-newest' as const), n: fc.integer({ min: 1, max: 300 }) }),
  fc.record({ kind: fc.constant('delete-any' as const), at: fc.nat() }),
  { arbitrary: fc.constant({ kind: 'read' as const }), weight: 2 },
);

describe('a cursor over rowids that SQLite hands out again', () => {
  it('sees every row written, also rows written into the rowids of rows that went (undone turns, deleted sessions)', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 40 }), (ops) => {
        const { db, read, seen, ids } = tableAndCursor();
        let next = 0;
        const insert = db.prepare("INSERT INTO part (id, data) VALUES (?, 'x')");
        for (const op of ops) {
          if (op.kind === 'insert') for (let i = 0; i < op.n; i++) insert.run(`prt_${next++}`);
          else if (op.kind === 'delete-newest') db.prepare('DELETE FROM part WHERE rowid IN (SELECT rowid FROM part ORDER BY rowid DESC LIMIT ?)').run(op.n);
          else if (op.kind === 'delete-any') db.prepare('DELETE FROM part WHERE rowid IN (SELECT rowid FROM part ORDER BY rowid LIMIT 1 OFFSET ?)').run(op.at % Math.max(1, ids().length));
          else read();
        }
        read();
        expect(ids().filter((id) => !seen.has(id))).toEqual([]);
        db.close();
      }),
      { numRuns: 300 },
    );
  });

  it('reads nothing again while no row goes, and remembers the newest rows and ~log2(n) below them', () => {
    const { db, read, tail, readAgain } = tableAndCursor();
    const insert = db.prepare("INSERT INTO part (id, data) VALUES (?, 'x')");
    for (let i = 0; i < 5_000; i++) {
      insert.run(`prt_${i}`);
      if (i % 97 === 0) read();
    }
    read();
    expect(readAgain()).toBe(0);
    expect(tail().length).toBeLessThanOrEqual(TAIL_ROWS + Math.ceil(Math.log2(5_000)));
    expect(tail()[0]).toEqual([5_000, 'prt_4999']);
    db.close();
  });

  it('after an undone turn whose rowids the next turn took, reads the new rows and nothing else again', () => {
    const { db, read, seen, readAgain } = tableAndCursor();
    const insert = db.prepare("INSERT INTO part (id, data) VALUES (?, 'x')");
    for (let i = 0; i < 100; i++) insert.run(`prt_a${i}`);
    read();
    // The undone turn's 3 parts go, and the next turn's 3 parts take rowids 98-100 again.
    db.prepare('DELETE FROM part WHERE rowid > 97').run();
    for (let i = 0; i < 3; i++) insert.run(`prt_b${i}`);
    expect(db.prepare('SELECT max(rowid) FROM part').pluck().get()).toBe(100);
    read();
    expect(['prt_b0', 'prt_b1', 'prt_b2'].every((id) => seen.has(id))).toBe(true);
    expect(readAgain()).toBe(0);
    // A whole session's 60 rows (more than are remembered one by one): at most as many old rows read again.
    db.prepare('DELETE FROM part WHERE rowid > 40').run();
    insert.run('prt_c0');
    read();
    expect(seen.has('prt_c0')).toBe(true);
    expect(readAgain()).toBeLessThanOrEqual(60);
    db.close();
  });
});
