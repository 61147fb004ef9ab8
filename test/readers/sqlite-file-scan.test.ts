// The direct read of a database file (used while OpenCode is not running, before the private copy
// is made) gives exactly the rows SQLite gives: any values, long ones over several overflow pages,
// deep b-trees, deleted rows, columns added later with a default.
import Database from 'better-sqlite3';
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { ScannedTables } from '@/lib/server/readers/opencode/sqlite/file-scan/scanned-tables';
import { SqliteFile } from '@/lib/server/readers/opencode/sqlite/file-scan/sqlite-file';
import { tableColumns } from '@/lib/server/readers/opencode/sqlite/file-scan/table-columns';
import { FIXTURES } from '../safety/support/fixture-copies';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-scan-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

/** An INTEGER column stores whole numbers in 0 to 8 bytes (0 and 1 in none). */
const intArb = fc.oneof(fc.constantFrom(0, 1, -1, 127, 128, -129, 32_768, 2 ** 24, -(2 ** 31), 2 ** 40, -(2 ** 47)), fc.maxSafeInteger(), fc.integer(), fc.constant(null));

const valueArb = fc.oneof(
  fc.constant(null),
  fc.constantFrom(0, 1, -1, 127, 128, -129, 2 ** 24, 2 ** 40),
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 }),
  fc.maxSafeInteger(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 300, maxLength: 5_000, unit: 'grapheme' }),
  fc.uint8Array({ maxLength: 2_000 }),
);

/** Every row of every table, as SQLite reads it and as the direct read does. */
function bothReads(file: string): { sqlite: unknown[]; scanned: unknown[] } {
  const db = new Database(file, { readonly: true });
  const tables = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table'").all() as { name: string; sql: string }[];
  const sqlite = tables.map((t) => db.prepare(`SELECT rowid AS _rowid, * FROM "${t.name}" ORDER BY rowid`).all());
  db.close();
  const scan = new SqliteFile(file);
  try {
    const schema = scan.schema();
    const scanned = tables.map((t) => {
      const entry = schema.find((e) => e.name === t.name)!;
      const columns = tableColumns(entry.sql);
      return [...scan.rows(entry.rootPage)].map((row) => {
        const out: Record<string, unknown> = { _rowid: row.rowid };
        columns.forEach((c, i) => {
          const v = c.rowid ? row.rowid : i < row.values.length ? row.values[i] : c.fallback;
          out[c.name] = v instanceof Uint8Array ? Buffer.from(v) : v;
        });
        return out;
      });
    });
    return { sqlite, scanned };
  } finally {
    scan.close();
  }
}

describe('reading a database file directly', () => {
  it('gives the rows SQLite gives, whatever they hold', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(512, 1024, 4096),
        fc.array(fc.tuple(valueArb, valueArb, valueArb, intArb), { minLength: 0, maxLength: 120 }),
        fc.array(fc.nat(200), { maxLength: 30 }),
        fc.option(fc.oneof(fc.integer(), fc.constant("it's")), { nil: undefined }),
        (pageSize, rows, deletions, added) => {
          const file = path.join(dir, `p${n++}.db`);
          const db = new Database(file);
          db.pragma(`page_size = ${pageSize}`);
          db.exec('CREATE TABLE "t" (`id` INTEGER PRIMARY KEY, a, "b" text, [c] blob, d integer NOT NULL DEFAULT (0), CONSTRAINT x UNIQUE (id))');
          const insert = db.prepare('INSERT INTO t (a, b, c, d) VALUES (?, ?, ?, ?)');
          for (const [a, b, c, d] of rows) insert.run(a, b, c, d ?? 0);
          for (const id of deletions) db.prepare('DELETE FROM t WHERE id = ?').run(id);
          if (added !== undefined) {
            db.exec(`ALTER TABLE t ADD COLUMN extra integer DEFAULT ${typeof added === 'string' ? `'${added.replace(/'/g, "''")}'` : added}`);
            insert.run('after', 'the', null, 1);
          }
          db.close();
          const { sqlite, scanned } = bothReads(file);
          expect(scanned).toEqual(sqlite);
          rmSync(file);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('reads the sessions and messages of databases the real OpenCode wrote as the reader queries them', () => {
    let checked = 0;
    for (const fixture of ['opencode-1.18.33', 'opencode-1.2.27-merged'].map((name) => path.join(FIXTURES, name, 'opencode.db')).filter((f) => existsSync(f))) {
      const file = path.join(dir, `fixture${n++}.db`);
      copyFileSync(fixture, file);
      const db = new Database(file, { readonly: true });
      const sessions = db.prepare('SELECT id, project_id, parent_id, title, time_created, time_updated, time_archived FROM session ORDER BY rowid').all();
      const messages = db.prepare('SELECT rowid AS _rowid, id, session_id, time_created, time_updated AS _updated, data FROM message ORDER BY rowid').all();
      db.close();
      const scan = new ScannedTables(file);
      const pick = (row: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, row[k]]));
      expect(scan.sessions().map((r) => pick(r, ['id', 'project_id', 'parent_id', 'title', 'time_created', 'time_updated', 'time_archived']))).toEqual(sessions);
      expect([...scan.messages(7)].flat().map((r) => pick(r, ['_rowid', 'id', 'session_id', 'time_created', '_updated', 'data']))).toEqual(messages);
      expect(messages.length).toBeGreaterThan(3);
      scan.close();
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('refuses what is not a readable SQLite file, with a reason', () => {
    const junk = path.join(dir, 'junk.db');
    writeFileSync(junk, 'SQLite format 3\0'.padEnd(4096, 'x'));
    expect(() => new ScannedTables(junk)).toThrow(/page size|not|outside/);
    writeFileSync(junk, 'hello');
    expect(() => new SqliteFile(junk)).toThrow(/not an SQLite 3 database/);
  });
});
