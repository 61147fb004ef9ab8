// OpenCode not running (no -wal/-shm): the database is opened as an immutable file, which creates
// nothing next to it and copies nothing. Where that is impossible a private copy in the user's cache
// folder is read instead; it goes when closed, and copies left by a crashed dashboard go at the next start.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { immutableUri, OPENCODE_PAGE_CACHE_KIB, openDatabase } from '@/lib/server/readers/opencode/sqlite/open-database';
import { SqliteReader } from '@/lib/server/readers/opencode/sqlite/sqlite-reader';
import { createOpencodeDb, insertSession } from '../support/sqlite-builder';

const require = createRequire(import.meta.url);
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
  it('opens the file itself as immutable: no copy, nothing created next to the data or in the cache', async () => {
    const { dataDir, dbPath, cache } = closedDatabase();
    expect(readdirSync(dataDir)).toEqual(['opencode.db']);
    const opened = await openDatabase(dbPath, cache);
    expect(opened.mode).toBe('immutable');
    expect(opened.db.prepare('SELECT id FROM session').pluck().all()).toEqual(['ses_a']);
    expect(readdirSync(dataDir)).toEqual(['opencode.db']);
    expect(readdirSync(cache)).toEqual([]);
    opened.close();
    expect(readdirSync(dataDir)).toEqual(['opencode.db']);
  });

  it('opens a database whose folder name has characters a URI would read otherwise', async () => {
    expect(immutableUri('/data/a?b#c%d/opencode.db')).toBe('file:///data/a%3fb%23c%25d/opencode.db?immutable=1');
    const { dataDir, dbPath, cache } = closedDatabase();
    const odd = path.join(dataDir, 'a?b#c%d e');
    mkdirSync(odd);
    renameSync(dbPath, path.join(odd, 'opencode.db'));
    const opened = await openDatabase(path.join(odd, 'opencode.db'), cache);
    expect(opened.mode).toBe('immutable');
    expect(opened.db.prepare('SELECT id FROM session').pluck().all()).toEqual(['ses_a']);
    opened.close();
    expect(readdirSync(odd)).toEqual(['opencode.db']);
  });

  it('where immutable is impossible, reads a private copy in the cache folder and removes it when closed', async () => {
    const { dataDir, dbPath, cache } = closedDatabase();
    const opened = await openDatabase(dbPath, cache, false);
    expect(opened.mode).toBe('copy');
    expect(opened.db.prepare('SELECT id FROM session').pluck().all()).toEqual(['ses_a']);
    expect(readdirSync(dataDir)).toEqual(['opencode.db']);
    const [folder] = readdirSync(cache);
    expect(folder).toMatch(new RegExp(`^${process.pid}-`));
    opened.close();
    expect(readdirSync(cache)).toEqual([]);
    expect(readdirSync(dataDir)).toEqual(['opencode.db']);
  });

  it('reads the log a crashed OpenCode left, in place: no copy, no lock, no file created or changed', async () => {
    const { dataDir, dbPath, cache } = closedDatabase();
    // A writer killed mid-work: its commits are only in the log, and nobody holds -shm.
    const writer = spawnSync(process.execPath, ['-e', `
      const D = require(${JSON.stringify(require.resolve('better-sqlite3'))});
      const db = new D(${JSON.stringify(dbPath)});
      db.pragma('journal_mode = WAL');
      db.pragma('wal_autocheckpoint = 0');
      db.prepare("INSERT INTO session (id, project_id, slug, directory, title, version, time_created, time_updated) VALUES ('ses_crash', 'proj1', 's', '/w', 'only in the log', '1', 1, 1)").run();
      process.kill(process.pid, 'SIGKILL');`]);
    expect(writer.signal).toBe('SIGKILL');
    const files = (): string => readdirSync(dataDir).sort().map((f) => { const s = statSync(path.join(dataDir, f)); return `${f}:${s.size}:${s.mtimeMs}:${createHash('md5').update(readFileSync(path.join(dataDir, f))).digest('hex')}`; }).join(' ');
    const before = files();
    expect(before).toContain('opencode.db-wal');
    const opened = await openDatabase(dbPath, cache);
    expect(opened.mode).toBe('left-log');
    expect(opened.db.prepare('SELECT id FROM session ORDER BY id').pluck().all()).toEqual(['ses_a', 'ses_crash']);
    opened.close();
    expect(files()).toBe(before);
    expect(readdirSync(cache)).toEqual([]);
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

  it("keeps SQLite's own small page cache for OpenCode's database, whichever way it is opened (memory held for the server's life)", async () => {
    const { dbPath, cache } = closedDatabase();
    const cacheOf = (opened: Awaited<ReturnType<typeof openDatabase>>) => opened.db.pragma('cache_size', { simple: true });
    const immutable = await openDatabase(dbPath, cache);
    const copy = await openDatabase(dbPath, cache, false);
    expect([immutable.mode, cacheOf(immutable), copy.mode, cacheOf(copy)]).toEqual(['immutable', -OPENCODE_PAGE_CACHE_KIB, 'copy', -OPENCODE_PAGE_CACHE_KIB]);
    immutable.close();
    copy.close();
    const Database = (await import('better-sqlite3')).default;
    const writer = new Database(dbPath);
    writer.pragma('journal_mode = WAL');
    writer.prepare('SELECT 1').get();
    cleanups.unshift(() => writer.close());
    const live = await openDatabase(dbPath, cache);
    expect([live.mode, cacheOf(live)]).toEqual(['live', -OPENCODE_PAGE_CACHE_KIB]);
    live.close();
  });

  it('switches from the immutable file to the live log when OpenCode starts writing', async () => {
    const { dataDir, dbPath } = closedDatabase();
    const reader = new SqliteReader(dbPath, dataDir);
    cleanups.unshift(() => reader.close());
    expect((await reader.readAll()).sessions.map((s) => s.id)).toEqual(['ses_a']);
    expect(reader.mode).toMatch(/^immutable/);
    const Database = (await import('better-sqlite3')).default;
    const writer = new Database(dbPath);
    cleanups.unshift(() => writer.close());
    writer.pragma('journal_mode = WAL');
    insertSession(writer, 'ses_b', { created: Date.now() });
    const changes = await reader.readChanged([`${dbPath}-wal`]);
    expect(changes.sessions.map((s) => s.id)).toContain('ses_b');
    expect(reader.mode).toMatch(/^live/);
  });
});
