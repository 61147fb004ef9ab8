// The first read of a large database scans its message table on a worker thread and hands the
// messages over in columns: what a user sees must be exactly what the same read on the main thread gives.
import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteReader } from '@/lib/server/readers/opencode/sqlite/sqlite-reader';
import { messageScanCounts } from '@/lib/server/readers/opencode/sqlite/scan-worker/message-scan';
import { answers } from '../index-cache/support/index-ops';
import { createOpencodeDb, insertMessage, insertSession } from '../support/sqlite-builder';
import { loopOverflowChains } from '../support/loop-overflow';

const dirs: string[] = [];
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
  it('gives what the main thread gives: every message, every odd record the schema decides', async () => {
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
      const reader = new SqliteReader(dbPath, dataDir, scanWorkerFromBytes);
      try {
        return { all: answers(await reader.readAll()), mode: reader.mode };
      } finally {
        reader.close();
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

  it('a corrupt message table (a looping page chain) ends the same way as on the main thread, without hanging', async () => {
    const { dataDir, dbPath, db } = createOpencodeDb({ wal: false });
    dirs.push(dataDir);
    insertSession(db, 'ses_1');
    for (let i = 0; i < 300; i++) insertMessage(db, 'ses_1', `msg_${i}`, { role: 'user', note: 'L'.repeat(9_000) });
    db.close();
    loopOverflowChains(dbPath, 'message');
    const read = async (scanWorkerFromBytes: number) => {
      const reader = new SqliteReader(dbPath, dataDir, scanWorkerFromBytes);
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
