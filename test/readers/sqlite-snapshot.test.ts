// OpenCode not running (no -wal/-shm): the database is read from a private copy in the user's cache
// folder, never with files created next to it; the copy goes when closed, and copies left by a
// crashed dashboard go at the next start.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/server/readers/opencode/sqlite/open-database';
import { createOpencodeDb, insertSession } from '../support/sqlite-builder';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function closedDatabase() {
  const { dataDir, dbPath, db } = createOpencodeDb();
  insertSession(db, 'ses_a');
  db.close();
  const cache = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-cache-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }), () => rmSync(cache, { recursive: true, force: true }));
  return { dataDir, dbPath, cache };
}

describe('reading a database OpenCode is not running on', () => {
  it('reads a private copy in the cache folder, creates nothing next to the data, and removes the copy when closed', async () => {
    const { dataDir, dbPath, cache } = closedDatabase();
    expect(readdirSync(dataDir)).toEqual(['opencode.db']);
    const opened = await openDatabase(dbPath, cache);
    expect(opened.mode).toBe('snapshot');
    expect(opened.db.prepare('SELECT id FROM session').pluck().all()).toEqual(['ses_a']);
    expect(readdirSync(dataDir)).toEqual(['opencode.db']);
    const [folder] = readdirSync(cache);
    expect(folder).toMatch(new RegExp(`^${process.pid}-`));
    opened.close();
    expect(readdirSync(cache)).toEqual([]);
    expect(readdirSync(dataDir)).toEqual(['opencode.db']);
  });

  it("removes copies left by a dashboard that is gone, and keeps a running one's", async () => {
    const { dbPath, cache } = closedDatabase();
    // A pid far above pid_max: no such process.
    const dead = path.join(cache, '99999999-abcdef');
    const running = path.join(cache, `${process.ppid}-abcdef`);
    for (const dir of [dead, running]) {
      mkdirSync(dir);
      writeFileSync(path.join(dir, 'snapshot.db'), 'x');
    }
    const opened = await openDatabase(dbPath, cache);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(running)).toBe(true);
    opened.close();
  });

  it('attaches to the live log without a copy when OpenCode has the database open', async () => {
    const { dataDir, dbPath, cache } = closedDatabase();
    const Database = (await import('better-sqlite3')).default;
    const writer = new Database(dbPath);
    writer.pragma('journal_mode = WAL');
    writer.prepare('SELECT 1').get();
    cleanups.unshift(() => writer.close());
    expect(readdirSync(dataDir).sort()).toEqual(['opencode.db', 'opencode.db-shm', 'opencode.db-wal']);
    const opened = await openDatabase(dbPath, cache);
    expect(opened.mode).toBe('live');
    expect(readdirSync(cache)).toEqual([]);
    opened.close();
  });
});
