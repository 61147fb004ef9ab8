// A reply OpenCode writes while the dashboard runs gets its time to first token from the change read
// (the full read's later stage is not there to add it), and keeps it when the reply is written again.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { JsonTreeReader } from '@/lib/server/readers/opencode/json/json-tree-reader';
import { SqliteReader } from '@/lib/server/readers/opencode/sqlite/sqlite-reader';
import { createOpencodeDb, insertSession, upsertPart } from '../support/sqlite-builder';

const T = Date.now() - 60_000;
const reply = (completed?: number) => ({ role: 'assistant', time: { created: T, ...(completed ? { completed } : {}) }, parentID: 'msg_u', modelID: 'm1', providerID: 'p1', mode: 'build', cost: 0, tokens: { input: 1, output: 2, reasoning: 0, cache: { read: 0, write: 0 } } });
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe('time to first token of a reply written while the dashboard runs', () => {
  it('OpenCode database: from the reply to its earliest output part, kept when the reply completes', async () => {
    const { dataDir, dbPath, db } = createOpencodeDb();
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }), () => db.close());
    insertSession(db, 'ses_a', { created: T - 1_000 });
    const reader = new SqliteReader(dbPath, dataDir);
    cleanups.unshift(() => reader.close());
    await reader.readAll();
    const putReply = (completed?: number) =>
      db.prepare('INSERT INTO message (id, session_id, time_created, time_updated, data) VALUES (?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET data = excluded.data, time_updated = excluded.time_updated').run('msg_a', 'ses_a', T, completed ?? T, JSON.stringify(reply(completed)));
    putReply();
    upsertPart(db, 'ses_a', 'msg_a', 'prt_1', { type: 'step-start' }, T + 400);
    // The reasoning's own start is its first chunk; its row came with the first non-empty one.
    upsertPart(db, 'ses_a', 'msg_a', 'prt_2', { type: 'reasoning', text: 'x', time: { start: T + 900, end: T + 1_000 } }, T + 950);
    upsertPart(db, 'ses_a', 'msg_a', 'prt_3', { type: 'text', text: 'y', time: { start: T + 1_200 } }, T + 1_200);
    const live = await reader.readChanged([`${dbPath}-wal`]);
    expect(live.messages.find((m) => m.id === 'msg_a')?.ttft).toBe(900);
    putReply(T + 2_000);
    const completed = await reader.readChanged([`${dbPath}-wal`]);
    expect(completed.messages.find((m) => m.id === 'msg_a')).toMatchObject({ time: { completed: T + 2_000 }, ttft: 900 });
  });

  it('OpenCode JSON tree: from the reply to its earliest output part, a tool call by its run', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-ttft-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const storage = path.join(dataDir, 'storage');
    const write = (rel: string, value: unknown) => {
      mkdirSync(path.dirname(path.join(storage, rel)), { recursive: true });
      writeFileSync(path.join(storage, rel), JSON.stringify(value));
    };
    write('session/global/ses_a.json', { id: 'ses_a', projectID: 'global', directory: '/w', title: 't', version: '1.1.65', time: { created: T - 1_000, updated: T } });
    const reader = new JsonTreeReader(dataDir);
    await reader.readAll();
    write('message/ses_a/msg_a.json', { id: 'msg_a', sessionID: 'ses_a', ...reply(T + 2_000) });
    write('part/msg_a/prt_1.json', { id: 'prt_1', sessionID: 'ses_a', messageID: 'msg_a', type: 'step-start' });
    write('part/msg_a/prt_2.json', { id: 'prt_2', sessionID: 'ses_a', messageID: 'msg_a', type: 'tool', callID: 'c1', tool: 'bash', state: { status: 'completed', input: {}, output: '', title: '', metadata: {}, time: { start: T + 700, end: T + 800 } } });
    write('part/msg_a/prt_3.json', { id: 'prt_3', sessionID: 'ses_a', messageID: 'msg_a', type: 'text', text: 'y', time: { start: T + 1_500, end: T + 1_500 } });
    const changes = await reader.readChanged([path.join(storage, 'message/ses_a/msg_a.json')]);
    expect(changes.messages.find((m) => m.id === 'msg_a')?.ttft).toBe(700);
  });
});
