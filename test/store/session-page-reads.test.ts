// A session page reads only what it shows, and a live change re-reads only what it touched, while
// what the page shows stays what a fresh read would show.
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { ContentRequest } from '@/lib/server/readers/read-result';
import { getSessionDetail } from '@/lib/server/queries/get-session-detail';
import { getSessionSteps } from '@/lib/server/queries/get-session-steps';
import { PAGE_PARTS } from '@/lib/sessions/page-turns';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import { TreeBuilder } from '../support/tree-builder';

const TURNS = 60;
const PARTS_PER_TURN = 50;

function longSession() {
  const tree = new TreeBuilder();
  tree.project('p');
  tree.session('p', 'ses_long');
  const t0 = 1_780_000_000_000;
  for (let t = 0; t < TURNS; t++) {
    const user = `msg_u${String(t).padStart(3, '0')}`;
    const reply = `msg_a${String(t).padStart(3, '0')}`;
    tree.message('ses_long', user, { time: { created: t0 + t * 1000 } });
    tree.assistant('ses_long', reply, user, { time: { created: t0 + t * 1000 + 1, completed: t0 + t * 1000 + 900 } });
    for (let i = 0; i < PARTS_PER_TURN - 1; i++) {
      tree.part('ses_long', reply, `prt_${t}_${String(i).padStart(3, '0')}`, { type: 'tool', callID: `c${i}`, tool: 'bash', state: { status: 'completed', input: { command: `echo ${i}` }, output: `${i}`, time: { start: t0 + t * 1000 + 2 + i } } });
    }
    tree.part('ses_long', reply, `prt_${t}_zz`, { type: 'step-finish', reason: 'stop', cost: 0.01, tokens: { input: 100 + t, output: 20, reasoning: 0, cache: { read: 0, write: 0 } } });
  }
  return tree;
}

/** A store whose JSON reader records which messages each content read asked for. */
async function spiedStore(dataDir: string) {
  const store = new Store(createReaders({ opencodeDir: dataDir, databases: [] }));
  const asked: (readonly string[] | 'all')[] = [];
  const reader = store.indexes[0]!.reader;
  const load = reader.loadContent.bind(reader);
  reader.loadContent = (id: string, request?: ContentRequest) => {
    if (request?.messageIDs?.length !== 0) asked.push(request?.messageIDs ?? 'all');
    return load(id, request);
  };
  await store.start();
  return { store, asked, messagesRead: () => asked.flatMap((a) => (a === 'all' ? ['all'] : a)) };
}

const stores: Store[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.stop();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('session page reads', () => {
  it('the first page reads only the newest turns, and the step chart still covers every step', async () => {
    const tree = longSession();
    dirs.push(tree.dataDir);
    const { store, messagesRead } = await spiedStore(tree.dataDir);
    stores.push(store);
    const page = await getSessionDetail(store, 'ses_long');
    const shown = page!.turns.length;
    expect(shown).toBe(Math.floor(PAGE_PARTS / PARTS_PER_TURN));
    expect(page!.olderCursor).toBeDefined();
    // Read: the page's messages, and a few turns more at most (reading goes newest first, in batches).
    expect(messagesRead().length).toBeLessThanOrEqual(2 * (shown + 8));
    expect(messagesRead()).not.toContain('all');
    expect(messagesRead()).not.toContain('msg_a000');
    const outline = await getSessionSteps(store, 'ses_long');
    expect(outline!.partCount).toBe(TURNS * PARTS_PER_TURN);
    expect(outline!.steps.map((s) => s.input)).toEqual(Array.from({ length: TURNS }, (_, t) => 100 + t));
  });

  it('a live change re-reads only the message it wrote to, and the page shows it', async () => {
    const tree = longSession();
    dirs.push(tree.dataDir);
    const { store, asked } = await spiedStore(tree.dataDir);
    stores.push(store);
    await getSessionDetail(store, 'ses_long');
    await getSessionSteps(store, 'ses_long');
    asked.length = 0;
    // The newest reply's first tool is rewritten (running -> error), and a step is added.
    const last = TURNS - 1;
    const files = [
      tree.part('ses_long', `msg_a0${last}`, `prt_${last}_000`, { type: 'tool', callID: 'c0', tool: 'bash', state: { status: 'error', input: { command: 'echo 0' }, error: 'boom', time: { start: 1 } } }),
      tree.part('ses_long', `msg_a0${last}`, `prt_${last}_zzz`, { type: 'step-finish', reason: 'stop', cost: 0.5, tokens: { input: 7, output: 1, reasoning: 0, cache: { read: 0, write: 0 } } }),
    ];
    await store.absorb(store.indexes[0]!, files);
    const page = await getSessionDetail(store, 'ses_long');
    expect(asked).toEqual([[`msg_a0${last}`]]);
    const tool = page!.turns.at(-1)!.assistant[0]!.parts.find((p) => p.id === `prt_${last}_000`);
    expect(tool).toMatchObject({ type: 'tool', status: 'error' });
    const outline = await getSessionSteps(store, 'ses_long');
    expect(outline!.partCount).toBe(TURNS * PARTS_PER_TURN + 1);
    expect(outline!.steps.at(-1)).toMatchObject({ input: 7, cost: 0.5 });
    // Updated from the change, not read again.
    expect(asked).toEqual([[`msg_a0${last}`]]);

    // A new turn: its messages' parts are read for the chart, nothing else.
    asked.length = 0;
    const t = 1_780_000_000_000 + TURNS * 1000;
    const added = [
      tree.message('ses_long', 'msg_u999', { time: { created: t } }),
      tree.assistant('ses_long', 'msg_a999', 'msg_u999', { time: { created: t + 1, completed: t + 2 } }),
      tree.part('ses_long', 'msg_a999', 'prt_999', { type: 'step-finish', reason: 'stop', cost: 1, tokens: { input: 9, output: 1, reasoning: 0, cache: { read: 0, write: 0 } } }),
    ];
    await store.absorb(store.indexes[0]!, added);
    const after = await getSessionSteps(store, 'ses_long');
    expect(after!.steps.at(-1)).toMatchObject({ input: 9, cost: 1 });
    expect(after!.partCount).toBe(TURNS * PARTS_PER_TURN + 2);
    expect(asked.flat().sort()).toEqual(['msg_a999', 'msg_u999']);

    // The same as a fresh store reads.
    const cold = new Store(createReaders({ opencodeDir: tree.dataDir, databases: [] }));
    stores.push(cold);
    await cold.start();
    expect(await getSessionSteps(cold, 'ses_long')).toEqual(after);
    const shown = async (s: Store) => {
      const d = await getSessionDetail(s, 'ses_long');
      return { turns: d?.turns, olderCursor: d?.olderCursor, turnCount: d?.turnCount, todos: d?.todos, issues: d?.issues };
    };
    expect(await shown(cold)).toEqual(await shown(store));
  });
});
