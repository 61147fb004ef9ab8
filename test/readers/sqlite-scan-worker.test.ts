// The first read of a large database scans its message table on a worker thread and hands the
// messages over in columns: what a user sees must be exactly what the same read on the main thread gives.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IndexCache } from '@/lib/server/index-cache/index-cache';
import { SqliteReader } from '@/lib/server/readers/opencode/sqlite/sqlite-reader';
import { messageScanCounts } from '@/lib/server/readers/opencode/sqlite/scan-worker/message-scan';
import { answers } from '../index-cache/support/index-ops';
import { createOpencodeDb, insertMessage, insertSession } from '../support/sqlite-builder';
import { loopOverflowChains } from '../support/loop-overflow';

const dirs: string[] = [];
const sortKeys = (value: unknown): unknown =>
  value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, sortKeys(v)])) : value;
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** `sessions` sessions and `messages` well-formed messages among them: user prompts and replies of every optional shape. */
function insertHistory(db: Database.Database, sessions: number, messages: number): void {
  for (let s = 0; s < sessions; s++) insertSession(db, `ses_${s}`);
  for (let i = 0; i < messages; i++) {
    const session = `ses_${i % sessions}`;
    const id = `msg_${String(i).padStart(5, '0')}`;
    if (i % 2 === 0) insertMessage(db, session, id, { role: 'user', agent: 'build', time: { created: 1_780_000_000_000 + i } });
    else insertMessage(db, session, id, { role: 'assistant', parentID: `msg_${String(i - 1).padStart(5, '0')}`, mode: i % 3 ? 'build' : 'plan', providerID: i % 5 ? 'anthropic' : 'openai', modelID: i % 7 ? 'm' : '', cost: i / 1000, tokens: { input: i, output: 2, reasoning: i % 4, cache: { read: 3, write: i % 7 } }, finish: 'stop', time: { created: 1_780_000_000_000 + i, completed: i % 11 ? 1_780_000_000_500 + i : undefined }, summary: i % 97 === 0 ? true : undefined });
  }
}

describe('message scan on a worker thread', () => {
  it('gives what the main thread gives: every message, every odd record the schema decides, the same summary index', async () => {
    const { dataDir, dbPath, db } = createOpencodeDb({ wal: false });
    dirs.push(dataDir);
    db.transaction(() => {
      insertHistory(db, 40, 6_000);
      // Records only the schema path decides: an error reply, a repaired field, broken JSON.
      insertMessage(db, 'ses_1', 'msg_err', { role: 'assistant', error: { name: 'APIError', data: { message: 'overloaded' } }, cost: 0, tokens: {} });
      insertMessage(db, 'ses_2', 'msg_odd', { role: 'assistant', cost: 'free', tokens: { input: 'many' } });
      db.prepare("INSERT INTO message (id, session_id, time_created, time_updated, data) VALUES ('msg_bad', 'ses_3', 1, 1, '{not json')").run();
    })();
    db.close();
    const read = async (scanWorkerFromBytes: number) => {
      const indexFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'sessionscope-scan-')), 'summary-index.db');
      dirs.push(path.dirname(indexFile));
      const cache = IndexCache.open(indexFile);
      const reader = new SqliteReader(dbPath, dataDir, cache?.source('s'), scanWorkerFromBytes);
      try {
        const all = answers(await reader.readAll());
        await reader.writeIndex();
        return { all, index: [...(cache?.query('s') ?? new Map())].sort(([a], [b]) => a.localeCompare(b)), mode: reader.mode };
      } finally {
        reader.close();
        cache?.close();
      }
    };
    const onWorker = await read(0);
    expect(messageScanCounts.chunks).toBe(3);
    const here = await read(Number.POSITIVE_INFINITY);
    expect(messageScanCounts.chunks).toBe(3);
    expect(here.all.messages.length).toBeGreaterThanOrEqual(6_001);
    expect(here.all.messages.some((m) => m.includes('"id":"msg_err"'))).toBe(true);
    expect(here.all.issues).toContain(`${dbPath}#message/msg_bad`);
    expect(onWorker).toEqual(here);
  });

  it('a restart reads what the summary index kept on a worker too: the same answers as on the main thread and as a cold read, also when the worker cannot read it', async () => {
    const { dataDir, dbPath, db } = createOpencodeDb({ wal: false });
    dirs.push(dataDir);
    db.transaction(() => {
      insertHistory(db, 30, 5_200);
      // Kept in the index with fields the columns do not carry: taken as stored, on the main thread.
      insertMessage(db, 'ses_1', 'msg_err', { role: 'assistant', error: { name: 'APIError', data: { message: 'overloaded' } }, cost: 0, tokens: {} });
    })();
    db.close();
    const newIndex = (): string => {
      const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'sessionscope-scan-')), 'summary-index.db');
      dirs.push(path.dirname(file));
      return file;
    };
    const indexFile = newIndex();
    const read = async (scanWorkerFromBytes: number, source = (cache: IndexCache | undefined) => cache?.source('s'), file = indexFile) => {
      const cache = IndexCache.open(file);
      const reader = new SqliteReader(dbPath, dataDir, source(cache), scanWorkerFromBytes);
      try {
        const all = answers(await reader.readAll());
        await reader.writeIndex();
        // Compared as values: the columns rebuild a message's fields in their own order.
        return { ...all, messages: all.messages.map((m) => JSON.stringify(sortKeys(JSON.parse(m)))).sort() };
      } finally {
        reader.close();
        cache?.close();
      }
    };
    const cold = await read(Number.POSITIVE_INFINITY);
    expect(cold.messages.length).toBe(5_201);
    expect(cold.messages.some((m) => m.includes('"id":"msg_err"'))).toBe(true);
    const before = messageScanCounts.chunks;
    const warmOnWorker = await read(0);
    // 5,201 entries in pages of 2,500: three pages, each handed over by the worker.
    expect(messageScanCounts.chunks - before).toBe(3);
    expect(warmOnWorker).toEqual(cold);
    expect(await read(Number.POSITIVE_INFINITY)).toEqual(cold);
    // A worker that cannot open the index (here: pointed at a missing file) leaves every page to this thread.
    const lost = (cache: IndexCache | undefined) => {
      const source = cache?.source('s');
      return source && { ...source, location: { file: path.join(dataDir, 'missing', 'index.db'), source: 's' } };
    };
    const afterFailure = messageScanCounts.chunks;
    expect(await read(0, lost)).toEqual(cold);
    expect(messageScanCounts.chunks).toBe(afterFailure);
    // The database changed since: a new message, an edited one, a removed one. The worker's entries
    // are checked against its keys; one whose row is unchanged is taken from the index, not parsed
    // again (its figure doctored in the index shows it).
    const index = new Database(indexFile);
    const kept = index.prepare("SELECT value FROM entry WHERE key = 'msg_00011'").pluck().get() as string;
    index.prepare("UPDATE entry SET value = ? WHERE key = 'msg_00011'").run(kept.replace('"cost":0.011', '"cost":42'));
    index.close();
    const changed = new Database(dbPath);
    insertMessage(changed, 'ses_4', 'msg_new', { role: 'user', time: { created: 1_780_000_009_999 } });
    changed.prepare('UPDATE message SET data = ?, time_updated = time_updated + 1 WHERE id = ?').run(JSON.stringify({ role: 'assistant', cost: 7, tokens: { input: 1, output: 1, reasoning: 0, cache: { read: 0, write: 0 } }, time: { created: 1_780_000_000_001 } }), 'msg_00001');
    changed.prepare('DELETE FROM message WHERE id = ?').run('msg_00003');
    changed.close();
    const coldAgain = await read(Number.POSITIVE_INFINITY, undefined, newIndex());
    expect(coldAgain.messages.some((m) => m.includes('"id":"msg_new"'))).toBe(true);
    expect(coldAgain.messages.some((m) => m.includes('"id":"msg_00003"'))).toBe(false);
    const warmAgain = await read(0);
    const doctored = (m: string) => m.includes('"id":"msg_00011"');
    expect(warmAgain.messages.find(doctored)).toContain('"cost":42');
    expect(coldAgain.messages.find(doctored)).toContain('"cost":0.011');
    expect(warmAgain.messages.filter((m) => !doctored(m))).toEqual(coldAgain.messages.filter((m) => !doctored(m)));
    expect(warmAgain.messages.length).toBe(coldAgain.messages.length);
  });

  it('a corrupt message table (a looping page chain) ends the same way as on the main thread, without hanging', async () => {
    const { dataDir, dbPath, db } = createOpencodeDb({ wal: false });
    dirs.push(dataDir);
    insertSession(db, 'ses_1');
    for (let i = 0; i < 300; i++) insertMessage(db, 'ses_1', `msg_${i}`, { role: 'user', note: 'L'.repeat(9_000) });
    db.close();
    loopOverflowChains(dbPath, 'message');
    const read = async (scanWorkerFromBytes: number) => {
      const reader = new SqliteReader(dbPath, dataDir, undefined, scanWorkerFromBytes);
      try {
        return answers(await reader.readAll());
      } finally {
        reader.close();
      }
    };
    const before = messageScanCounts.chunks;
    const onWorker = await read(0);
    const here = await read(Number.POSITIVE_INFINITY);
    expect(onWorker).toEqual(here);
    expect(here.issues.length).toBeGreaterThan(0);
    expect(messageScanCounts.chunks).toBe(before);
  });
});
