// OpenCode deletes part rows when a turn is reverted (undo): rows leave no trace, so the reader
// must notice what is missing. What the page shows must then equal a fresh read.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSessionDetail } from '@/lib/server/queries/get-session-detail';
import { getSessionSteps } from '@/lib/server/queries/get-session-steps';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import { createOpencodeDb, insertMessage, insertSession, upsertPart } from '../support/sqlite-builder';

const stores: Store[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.stop();
  vi.useRealTimers();
});

function revertableSession(t0: number) {
  const { dataDir, dbPath, db } = createOpencodeDb();
  insertSession(db, 'ses_1', { created: t0 });
  insertMessage(db, 'ses_1', 'msg_user', { role: 'user' }, t0);
  const reply = { role: 'assistant', parentID: 'msg_user', modelID: 'm', providerID: 'p', cost: 0.02, finish: 'stop', tokens: { input: 10, output: 2, reasoning: 0, cache: { read: 0, write: 0 } }, time: { created: t0 + 10, completed: t0 + 900 } };
  insertMessage(db, 'ses_1', 'msg_reply', reply, t0 + 10);
  const step = (n: number) => ({ type: 'step-finish', reason: 'tool-calls', cost: 0.01, tokens: { input: 5 * n, output: 1, reasoning: 0, cache: { read: 0, write: 0 } } });
  upsertPart(db, 'ses_1', 'msg_reply', 'prt_1_text', { type: 'text', text: 'I will edit the file.' }, t0 + 20);
  upsertPart(db, 'ses_1', 'msg_reply', 'prt_2_step', step(1), t0 + 30);
  upsertPart(db, 'ses_1', 'msg_reply', 'prt_3_edit', { type: 'tool', callID: 'c1', tool: 'edit', state: { status: 'completed', input: { filePath: 'a.ts' }, output: 'ok', time: { start: t0 + 40, end: t0 + 50 } } }, t0 + 40);
  upsertPart(db, 'ses_1', 'msg_reply', 'prt_4_step', step(2), t0 + 60);
  return { dataDir, dbPath, db };
}

/** The reverted tail of the reply: its edit and the step after it. */
function revertTail(db: ReturnType<typeof createOpencodeDb>['db'], at: number): void {
  db.prepare("DELETE FROM part WHERE id IN ('prt_3_edit', 'prt_4_step')").run();
  db.prepare('UPDATE session SET revert = NULL, time_updated = ? WHERE id = ?').run(at, 'ses_1');
}

async function shown(store: Store) {
  const detail = await getSessionDetail(store, 'ses_1');
  const steps = await getSessionSteps(store, 'ses_1');
  return {
    parts: detail?.turns.flatMap((t) => t.assistant.flatMap((m) => m.parts.map((p) => p.id))),
    steps: steps?.steps.length,
    partCount: steps?.partCount,
  };
}

async function coldRead(dataDir: string, dbPath: string) {
  const cold = new Store(createReaders({ opencodeDir: dataDir, databases: [dbPath] }));
  stores.push(cold);
  await cold.start();
  return shown(cold);
}

/** A store following the session while OpenCode writes to it (one write seen, the page opened). */
async function following() {
  const { dataDir, dbPath, db } = revertableSession(Date.now() - 60_000);
  const store = new Store(createReaders({ opencodeDir: dataDir, databases: [dbPath] }));
  stores.push(store);
  await store.start();
  const absorb = () => store.absorb(store.indexes[1]!, [`${dbPath}-wal`]);
  expect(await shown(store)).toEqual({ parts: ['prt_1_text', 'prt_2_step', 'prt_3_edit', 'prt_4_step'], steps: 2, partCount: 4 });
  upsertPart(db, 'ses_1', 'msg_reply', 'prt_1_text', { type: 'text', text: 'I will edit the file, carefully.' }, Date.now());
  await absorb();
  return { dataDir, dbPath, db, store, absorb };
}

describe('SQLite: parts removed by a revert', () => {
  it('leave the open page, its step chart and part count while the session is being written', async () => {
    const { dataDir, dbPath, db, store, absorb } = await following();
    revertTail(db, Date.now());
    await absorb();
    expect(await shown(store)).toEqual({ parts: ['prt_1_text', 'prt_2_step'], steps: 1, partCount: 2 });
    expect(await shown(store)).toEqual(await coldRead(dataDir, dbPath));
    db.close();
  });

  it('leave the page when the revert comes after the session was quiet for a long time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { dataDir, dbPath, db, store, absorb } = await following();
    // Other sessions go on; this one has been quiet long enough to stop being followed closely.
    for (const [minutes, write] of [
      [20, () => insertSession(db, 'ses_2', { created: Date.now() })],
      [20, () => insertMessage(db, 'ses_2', 'msg_2', { role: 'user' }, Date.now())],
    ] as const) {
      vi.setSystemTime(Date.now() + minutes * 60_000);
      write();
      await absorb();
    }
    // Later the person undoes the edit: no new message, only rows gone and the session row.
    vi.setSystemTime(Date.now() + 20 * 60_000);
    revertTail(db, Date.now());
    await absorb();
    expect(await shown(store)).toEqual({ parts: ['prt_1_text', 'prt_2_step'], steps: 1, partCount: 2 });
    expect(await shown(store)).toEqual(await coldRead(dataDir, dbPath));
    db.close();
  });
});
