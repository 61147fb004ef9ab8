import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getStats } from '@/lib/server/queries/get-stats';
import { statsQuerySchema } from '@/lib/stats/stats-query';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import { createOpencodeDb, insertMessage, insertSession, upsertPart } from '../support/sqlite-builder';
import { TreeBuilder } from '../support/tree-builder';

describe('first answer while a big history is read', () => {
  it('lists every session of the database before its messages are all read, then completes', async () => {
    const { dataDir, dbPath, db } = createOpencodeDb();
    for (const s of ['ses_a', 'ses_b', 'ses_c']) insertSession(db, s);
    const insert = db.transaction(() => {
      for (let i = 0; i < 25_000; i++) {
        insertMessage(db, `ses_${'abc'[i % 3]}`, `msg_${String(i).padStart(6, '0')}`, { role: 'assistant', cost: 0.001, tokens: { input: 1, output: 1, reasoning: 0, cache: { read: 0, write: 0 } }, time: { created: 1_780_000_000_000 + i } });
      }
    });
    insert();
    db.close();
    const store = new Store(createReaders({ opencodeDir: dataDir, databases: [dbPath] }));
    const seen: { phase: string; sessions: number; messages: number }[] = [];
    store.events.subscribe(() => {
      const list = [...store.summaryMap().values()];
      seen.push({ phase: store.progress.phase, sessions: list.length, messages: list.reduce((n, s) => n + s.messageCount, 0) });
    });
    await store.start();
    // What a page asking during indexing got: all sessions at once, then their messages filling in.
    const during = seen.filter((s) => s.phase === 'indexing');
    expect(during.find((s) => s.sessions > 0)).toEqual({ phase: 'indexing', sessions: 3, messages: 0 });
    expect(during.some((s) => s.messages > 0 && s.messages < 25_000)).toBe(true);
    expect([...store.summaryMap().values()].reduce((n, s) => n + s.messageCount, 0)).toBe(25_000);
    expect(store.summaryMap().get('ses_a')?.cost).toBeCloseTo(8.334, 3);
    store.stop();
  });

  it('lists the JSON tree\'s sessions before reading their messages', async () => {
    const tree = new TreeBuilder();
    tree.project('p1');
    tree.session('p1', 'ses_1');
    tree.message('ses_1', 'msg_1');
    const store = new Store(createReaders({ opencodeDir: tree.dataDir, databases: [] }));
    const seen: number[] = [];
    store.events.subscribe(() => seen.push(store.summaryMap().get('ses_1')?.messageCount ?? -1));
    await store.start();
    expect(seen.slice(0, 2)).toEqual([0, 1]);
    store.stop();
  });

  it('lists the sessions of every source before reading any source\'s messages', async () => {
    // Someone who upgraded: the old JSON tree and the database, each with history.
    const { dataDir, dbPath, db } = createOpencodeDb();
    insertSession(db, 'ses_db');
    for (let i = 0; i < 10; i++) insertMessage(db, 'ses_db', `msg_db_${i}`, { role: 'user' });
    db.close();
    const tree = new TreeBuilder(dataDir);
    tree.project('p1');
    tree.session('p1', 'ses_tree');
    for (let i = 0; i < 10; i++) tree.message('ses_tree', `msg_tree_${i}`);
    const store = new Store(createReaders({ opencodeDir: dataDir, databases: [dbPath] }));
    const seen: { sessions: string[]; messages: number }[] = [];
    store.events.subscribe(() => {
      const list = [...store.summaryMap().values()];
      seen.push({ sessions: list.map((s) => s.id).sort(), messages: list.reduce((n, s) => n + s.messageCount, 0) });
    });
    await store.start();
    const firstMessages = seen.findIndex((s) => s.messages > 0);
    expect(seen[firstMessages - 1]).toEqual({ sessions: ['ses_db', 'ses_tree'], messages: 0 });
    expect(seen.at(-1)).toEqual({ sessions: ['ses_db', 'ses_tree'], messages: 20 });
    store.stop();
  });
});

describe('totals while the first read runs', () => {
  it('are complete once every source\'s messages are in, before any source\'s newest parts are read', async () => {
    const { dataDir, dbPath, db } = createOpencodeDb();
    const insert = db.transaction(() => {
      for (let s = 0; s < 300; s++) {
        insertSession(db, `ses_${s}`);
        for (let m = 0; m < 2; m++) {
          const id = `msg_${s}_${m}`;
          insertMessage(db, `ses_${s}`, id, { role: 'assistant', cost: 0.25, tokens: { input: 1, output: 1, reasoning: 0, cache: { read: 0, write: 0 } }, time: { created: 1_780_000_000_000 + m } });
          upsertPart(db, `ses_${s}`, id, `prt_${s}_${m}`, { type: 'step-finish', reason: 'stop', cost: 0.25 });
        }
      }
    });
    insert();
    db.close();
    // A source read after the database (pi, not there) must not hold the totals back behind the database's parts.
    const store = new Store(createReaders({ opencodeDir: dataDir, databases: [dbPath], piDir: path.join(dataDir, 'no-pi') }));
    const sqlite = store.indexes.find((i) => i.reader.kind === 'opencode-sqlite');
    // Parts the store can show (held in memory while the read runs, in the session database after it).
    const partsKnown = (): number => Array.from({ length: 600 }, (_, i) => sqlite?.partsOf(`msg_${Math.floor(i / 2)}_${i % 2}`).length ?? 0).reduce((a, b) => a + b, 0);
    const query = statsQuerySchema.parse({ groupBy: 'model' });
    const seen: { complete: boolean; messages: number; parts: number }[] = [];
    store.events.subscribe(() => {
      const stats = getStats(store, query);
      seen.push({ complete: stats.complete, messages: stats.total.messages, parts: partsKnown() });
    });
    await store.start();
    const firstComplete = seen.find((s) => s.complete);
    expect(firstComplete).toEqual({ complete: true, messages: 600, parts: 0 });
    expect(seen.at(-1)).toEqual({ complete: true, messages: 600, parts: 600 });
    store.stop();
  });

  it('are marked complete the moment the last message is in, never before, and follow later changes at once', async () => {
    const tree = new TreeBuilder();
    tree.project('p1');
    for (let s = 0; s < 40; s++) {
      tree.session('p1', `ses_${s}`);
      for (let m = 0; m < 30; m++) {
        const id = `msg_${s}_${m}`;
        tree.message(`ses_${s}`, id, { role: 'assistant', cost: 0.5, tokens: { input: 10, output: 5, reasoning: 0, cache: { read: 0, write: 0 } }, time: { created: 1_780_000_000_000 + m } });
        if (m >= 28) tree.part(`ses_${s}`, id, `prt_${s}_${m}`, { type: 'text', text: 'hello' });
      }
    }
    const store = new Store(createReaders({ opencodeDir: tree.dataDir, databases: [] }));
    const query = statsQuerySchema.parse({ groupBy: 'model' });
    const answers: { complete: boolean; messages: number; cost: number; phase: string }[] = [];
    store.events.subscribe(() => {
      const stats = getStats(store, query);
      answers.push({ complete: stats.complete, messages: stats.total.messages, cost: stats.total.storedCost, phase: store.progress.phase });
    });
    await store.start();
    // A complete answer is the whole total; a partial one says so.
    for (const a of answers.filter((x) => x.complete)) expect(a).toMatchObject({ messages: 1_200, cost: 600 });
    expect(answers.some((a) => !a.complete)).toBe(true);
    // The total is there before the newest parts (statuses) are read: the store is still indexing.
    expect(answers.some((a) => a.complete && a.phase === 'indexing')).toBe(true);
    // A message written later is in the very next answer (no stale reuse once complete).
    const file = tree.message('ses_0', 'msg_new', { role: 'assistant', cost: 2, tokens: { input: 1, output: 1, reasoning: 0, cache: { read: 0, write: 0 } }, time: { created: 1_780_000_000_100 } });
    const index = store.indexes.find((i) => i.reader.kind === 'opencode-json');
    if (!index) throw new Error('no JSON tree reader');
    await store.absorb(index, [file]);
    expect(getStats(store, query).total).toMatchObject({ messages: 1_201, storedCost: 602 });
    store.stop();
  });

  it('once complete, no query is answered from a partial one kept from just before (each asked after another)', async () => {
    const tree = new TreeBuilder();
    tree.project('p1');
    for (let s = 0; s < 20; s++) {
      tree.session('p1', `ses_${s}`);
      for (let m = 0; m < 10; m++) tree.message(`ses_${s}`, `msg_${s}_${m}`, { role: 'assistant', cost: 0.5, tokens: { input: 10, output: 5, reasoning: 0, cache: { read: 0, write: 0 } }, time: { created: 1_780_000_000_000 + m } });
    }
    const store = new Store(createReaders({ opencodeDir: tree.dataDir, databases: [] }));
    const byModel = statsQuerySchema.parse({ groupBy: 'model' });
    const byMonth = statsQuerySchema.parse({ groupBy: 'month' });
    const answers: { first: boolean; second: boolean }[] = [];
    // Pages ask several stats at each event; the first asked after completion must not leave the others a stale partial.
    store.events.subscribe(() => answers.push({ first: getStats(store, byModel).complete, second: getStats(store, byMonth).complete }));
    await store.start();
    expect(answers.some((a) => !a.first)).toBe(true);
    for (const a of answers.filter((x) => x.first)) expect(a.second).toBe(true);
    expect(answers.at(-1)).toEqual({ first: true, second: true });
    store.stop();
  });
});
