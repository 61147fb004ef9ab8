import Database from 'better-sqlite3';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDatabases } from '@/lib/server/config';
import { getHealth } from '@/lib/server/queries/get-health';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import { copyFixture, OPENCODE_FIXTURES, type FixtureCopy, type OpencodeFixture } from '../tools/fixture-dir';

interface Sums {
  sessions: Set<string>;
  messages: number;
  cost: number;
  input: number;
  output: number;
  reasoning: number;
  cacheRead: number;
  cacheWrite: number;
  parents: Map<string, string>;
}
type Raw = { role?: string; cost?: number; tokens?: { input?: number; output?: number; reasoning?: number; cache?: { read?: number; write?: number } } };

const emptySums = (): Sums => ({ sessions: new Set(), messages: 0, cost: 0, input: 0, output: 0, reasoning: 0, cacheRead: 0, cacheWrite: 0, parents: new Map() });
function addMessage(sums: Sums, m: Raw): void {
  sums.messages++;
  if (m.role !== 'assistant') return;
  sums.cost += m.cost ?? 0;
  sums.input += m.tokens?.input ?? 0;
  sums.output += m.tokens?.output ?? 0;
  sums.reasoning += m.tokens?.reasoning ?? 0;
  sums.cacheRead += m.tokens?.cache?.read ?? 0;
  sums.cacheWrite += m.tokens?.cache?.write ?? 0;
}

/** Straight SQL over the database, independent of the reader. */
function sumDatabase(dbPath: string, skip: Set<string> = new Set()): Sums {
  const sums = emptySums();
  const db = new Database(dbPath, { readonly: true });
  for (const row of db.prepare('SELECT id, parent_id FROM session').all() as { id: string; parent_id: string | null }[]) {
    sums.sessions.add(row.id);
    if (row.parent_id) sums.parents.set(row.id, row.parent_id);
  }
  for (const row of db.prepare('SELECT session_id, data FROM message').all() as { session_id: string; data: string }[]) {
    if (!skip.has(row.session_id)) addMessage(sums, JSON.parse(row.data) as Raw);
  }
  db.close();
  return sums;
}

/** A walk of the JSON tree, independent of the reader; sessions in `skip` are left out. */
function sumTree(storage: string, skip: Set<string> = new Set()): Sums {
  const sums = emptySums();
  const list = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);
  for (const project of list(path.join(storage, 'session'))) {
    for (const file of list(path.join(storage, 'session', project))) {
      const s = JSON.parse(readFileSync(path.join(storage, 'session', project, file), 'utf8')) as { id: string; parentID?: string };
      if (skip.has(s.id)) continue;
      sums.sessions.add(s.id);
      if (s.parentID) sums.parents.set(s.id, s.parentID);
      for (const m of list(path.join(storage, 'message', s.id))) addMessage(sums, JSON.parse(readFileSync(path.join(storage, 'message', s.id, m), 'utf8')) as Raw);
    }
  }
  return sums;
}

function merge(a: Sums, b: Sums): Sums {
  const out = emptySums();
  for (const s of [a, b]) {
    for (const id of s.sessions) out.sessions.add(id);
    for (const [k, v] of s.parents) out.parents.set(k, v);
    out.messages += s.messages;
    out.cost += s.cost;
    out.input += s.input;
    out.output += s.output;
    out.reasoning += s.reasoning;
    out.cacheRead += s.cacheRead;
    out.cacheWrite += s.cacheWrite;
  }
  return out;
}

/** `opencode stats` prints cost to the cent and tokens like "146.5K". */
function expectMatchesOpencodeStats(total: { cost: number; input: number; output: number; cacheRead: number; cacheWrite: number; sessions: number; messages: number }, printed: Record<string, number>) {
  expect(total.sessions).toBe(printed.sessions);
  expect(total.messages).toBe(printed.messages);
  expect(Math.round(total.cost * 100) / 100).toBe(printed.cost);
  for (const key of ['input', 'output', 'cacheRead', 'cacheWrite'] as const) {
    const value = total[key];
    const shown = value >= 1_000_000 ? Math.round(value / 100_000) * 100_000 : value >= 1_000 ? Math.round(value / 100) * 100 : value;
    expect(shown, key).toBe(printed[key]);
  }
}

describe.each(OPENCODE_FIXTURES)('reading the real OpenCode fixture %s', (name: OpencodeFixture) => {
  let copy: FixtureCopy;
  let store: Store;
  let expected: Sums;
  let oracle: { stats: { totals: Record<string, number> }; storageStats?: { totals: Record<string, number> } };

  beforeAll(async () => {
    copy = await copyFixture(name);
    oracle = JSON.parse(readFileSync(path.join(copy.dir, 'oracle.json'), 'utf8')) as typeof oracle;
    const dbPath = path.join(copy.dir, 'opencode.db');
    const storage = path.join(copy.dir, 'storage');
    const fromDb = existsSync(dbPath) ? sumDatabase(dbPath) : emptySums();
    expected = merge(fromDb, sumTree(storage, fromDb.sessions));
    store = new Store(createReaders({ opencodeDir: copy.dir, databases: findDatabases(copy.dir) }));
    await store.start();
  });
  afterAll(async () => {
    store.stop();
    await copy.remove();
  });

  it('finds every session once, with no skipped records', () => {
    const ids = [...store.summaryMap().keys()].sort();
    expect(ids).toEqual([...expected.sessions].sort());
    expect(store.issues()).toEqual([]);
  });

  it('counts messages, tokens and stored cost exactly as the files hold them', () => {
    const all = [...store.summaryMap().values()];
    const sum = (f: (s: (typeof all)[number]) => number) => all.reduce((n, s) => n + f(s), 0);
    expect(sum((s) => s.messageCount)).toBe(expected.messages);
    expect(sum((s) => s.cost)).toBeCloseTo(expected.cost, 10);
    expect(sum((s) => s.tokens.input)).toBe(expected.input);
    expect(sum((s) => s.tokens.output)).toBe(expected.output);
    expect(sum((s) => s.tokens.reasoning)).toBe(expected.reasoning);
    expect(sum((s) => s.tokens.cacheRead)).toBe(expected.cacheRead);
    expect(sum((s) => s.tokens.cacheWrite)).toBe(expected.cacheWrite);
  });

  it('health counts the messages the merged store holds (a session in both stores counts once)', () => {
    const health = getHealth(store, { opencodeDir: copy.dir, databases: findDatabases(copy.dir) } as Parameters<typeof getHealth>[1]);
    expect(health.counts.messages).toBe(expected.messages);
    expect(health.counts.sessions).toBe(expected.sessions.size);
  });

  it('builds the subagent hierarchy from parentID and rolls cost up to the root', () => {
    const summaries = store.summaryMap();
    expect(expected.parents.size).toBeGreaterThan(0);
    for (const [child, parent] of expected.parents) {
      expect(summaries.get(child)?.parentID).toBe(parent);
      expect(store.view.childrenOf(parent)).toContain(child);
      const p = summaries.get(parent);
      expect(p?.total.cost).toBeCloseTo((p?.cost ?? 0) + (summaries.get(child)?.total.cost ?? 0), 10);
    }
    const roots = [...summaries.values()].filter((s) => !s.parentID);
    expect(roots.reduce((n, s) => n + s.total.cost, 0)).toBeCloseTo(expected.cost, 10);
  });

  it('equals what the real `opencode stats` printed for the same data', () => {
    const all = [...store.summaryMap().values()];
    const fromStore = (list: typeof all) => ({
      sessions: list.length,
      messages: list.reduce((n, s) => n + s.messageCount, 0),
      cost: list.reduce((n, s) => n + s.cost, 0),
      input: list.reduce((n, s) => n + s.tokens.input, 0),
      output: list.reduce((n, s) => n + s.tokens.output, 0),
      cacheRead: list.reduce((n, s) => n + s.tokens.cacheRead, 0),
      cacheWrite: list.reduce((n, s) => n + s.tokens.cacheWrite, 0),
    });
    if (name === 'opencode-1.2.27-merged') {
      // 1.2.27's `stats` reads only the database; 1.1.65's only the tree.
      expectMatchesOpencodeStats(fromStore(all.filter((s) => s.source === 'opencode-sqlite')), oracle.stats.totals);
      const tree = store.indexes.find((i) => i.reader.kind === 'opencode-json');
      const treeSessions = [...(tree?.sessions.keys() ?? [])].map((id) => tree?.messagesOf(id));
      expect(tree?.sessions.size).toBe(oracle.storageStats?.totals.sessions);
      expect(treeSessions.reduce((n, msgs) => n + [...(msgs ?? [])].length, 0)).toBe(oracle.storageStats?.totals.messages);
    } else {
      expectMatchesOpencodeStats(fromStore(all), oracle.stats.totals);
    }
  });

  it('per-session stored cost equals the sum of its step-finish parts', async () => {
    let checked = 0;
    for (const s of store.summaryMap().values()) {
      // The step index the session page's chart reads (not the whole transcript).
      const steps = [...((await store.stepIndex(s.id))?.steps.values() ?? [])];
      if (steps.length === 0) continue;
      checked++;
      expect(steps.reduce((n, p) => n + (p.cost ?? 0), 0)).toBeCloseTo(s.cost, 10);
    }
    expect(checked).toBeGreaterThan(3);
  });

  it('status: every session ended as the real binary ends it, none reads stale (crashed) days later', () => {
    for (const s of store.summaryMap().values()) expect(s.status.status, `${s.id}: ${s.status.reason}`).not.toBe('stale');
  });

  it('reads the transcript: tool calls that succeed and fail, reasoning, an API error', async () => {
    const kinds = new Set<string>();
    let apiError = false;
    for (const s of store.summaryMap().values()) {
      const held = await store.messageParts(s.id, [...store.view.messages(s.id)].map((m) => m.id));
      for (const p of [...held.values()].flatMap((m) => m.parts)) kinds.add(p.type === 'tool' ? `tool:${p.status}` : p.type);
      if (s.status.status === 'error') apiError = true;
    }
    expect([...kinds]).toEqual(expect.arrayContaining(['text', 'reasoning', 'tool:completed', 'tool:error', 'step-start', 'step-finish', 'patch']));
    expect(apiError).toBe(true);
  });
});
