import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteSessionDb } from '@/lib/server/db/sqlite/open-sqlite-session-db';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import { createOpencodeDb, insertMessage, insertSession, upsertPart } from '../support/sqlite-builder';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const DAY = 86_400_000;
const reply = (finish: string | undefined, created: number) => ({ role: 'assistant', providerID: 'anthropic', modelID: 'claude-sonnet-4-5', cost: 0.01, ...(finish ? { finish } : {}), tokens: { input: 10, output: 5, reasoning: 0, cache: { read: 0, write: 0 } }, time: { created, completed: created + 1_000 } });

describe('statuses after a restart', () => {
  // What a session's newest parts say (a call turned down, a step's finish) is part of its status:
  // a restart takes them from the session database, not from a read of the source.
  it('are those of a cold start where the newest parts decide them', async () => {
    const { dataDir, dbPath, db } = createOpencodeDb();
    dirs.push(dataDir);
    const t = Date.now() - 3 * DAY;
    // The person turned the last call down; OpenCode left the turn's finish at "tool-calls".
    insertSession(db, 'ses_rejected', { created: t });
    insertMessage(db, 'ses_rejected', 'msg_r1', { role: 'user' }, t);
    insertMessage(db, 'ses_rejected', 'msg_r2', reply('tool-calls', t + 1_000), t + 1_000);
    upsertPart(db, 'ses_rejected', 'msg_r2', 'prt_r2_0', { type: 'tool', tool: 'bash', callID: 'c1', state: { status: 'error', input: { command: 'rm -rf build' }, error: 'Error: The user rejected permission to use this specific tool call.', time: { start: t + 1_100, end: t + 1_200 } } }, t + 1_200);
    // A reply without a finish of its own (older OpenCode): its last step's finish says it went on.
    insertSession(db, 'ses_steps', { created: t });
    insertMessage(db, 'ses_steps', 'msg_s1', { role: 'user' }, t);
    insertMessage(db, 'ses_steps', 'msg_s2', reply(undefined, t + 1_000), t + 1_000);
    upsertPart(db, 'ses_steps', 'msg_s2', 'prt_s2_0', { type: 'step-finish', reason: 'tool-calls', tokens: { input: 10, output: 5, reasoning: 0, cache: { read: 0, write: 0 } }, cost: 0.01 }, t + 1_300);
    // A reply of two steps: the context it used is its last step's prompt, not the reply's summed tokens.
    insertSession(db, 'ses_context', { created: t });
    insertMessage(db, 'ses_context', 'msg_c1', { role: 'user' }, t);
    insertMessage(db, 'ses_context', 'msg_c2', { ...reply('stop', t + 1_000), tokens: { input: 90_000, output: 600, reasoning: 0, cache: { read: 0, write: 0 } } }, t + 1_000);
    upsertPart(db, 'ses_context', 'msg_c2', 'prt_c2_0', { type: 'step-finish', reason: 'tool-calls', tokens: { input: 40_000, output: 300, reasoning: 0, cache: { read: 0, write: 0 } }, cost: 0.005 }, t + 1_300);
    upsertPart(db, 'ses_context', 'msg_c2', 'prt_c2_1', { type: 'step-finish', reason: 'stop', tokens: { input: 50_000, output: 300, reasoning: 0, cache: { read: 0, write: 0 } }, cost: 0.005 }, t + 1_600);
    db.close();
    const cache = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-restart-status-'));
    dirs.push(cache);
    const statuses = async (): Promise<Record<string, string>> => {
      const store = new Store(createReaders({ opencodeDir: dataDir, databases: [dbPath] }), { sessionDb: openSqliteSessionDb(path.join(cache, 'sessions.db')) });
      await store.start();
      const out = Object.fromEntries([...store.summaryMap().values()].map((s) => [s.id, `${s.status.status}: ${s.status.reason}; context ${JSON.stringify(s.contextUse)}`]));
      store.stop();
      return out;
    };
    const cold = await statuses();
    expect(cold.ses_rejected).toMatch(/^idle: You turned down bash \(rm -rf build\): the agent stopped there;/);
    expect(cold.ses_context).toContain('"used":50000');
    expect(cold.ses_steps).toMatch(/^stale: The turn was continuing after tool calls/);
    expect(await statuses()).toEqual(cold);
  });
});
