// oh-my-pi sessions written by the real omp 18.3.4 (test/fixtures/omp-18.3.4): every session's
// figures equal the straight sums over its files (oracle.json, test/tools/omp-oracle.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Part, ToolPart } from '@/lib/model/part';
import { getFullOutput } from '@/lib/server/queries/get-full-output';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import { OMP_VERSION } from '../tools/omp-bin';
import { ompOracle, type OmpOracle, type OmpOracleSession } from '../tools/omp-oracle';

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));
const root = path.join(fixtures, `omp-${OMP_VERSION}`, 'sessions');
const committed = JSON.parse(readFileSync(path.join(fixtures, `omp-${OMP_VERSION}`, 'oracle.json'), 'utf8')) as OmpOracle;

let store: Store;
beforeAll(async () => {
  store = new Store(createReaders({ opencodeDir: path.join(fixtures, 'none'), databases: [], ompDir: root }));
  await store.start();
});
afterAll(() => store.stop());

const msgs = (id: string) => [...store.view.messages(id)];
const summary = (s: OmpOracleSession) => {
  const found = store.summaryMap().get(s.id);
  if (!found) throw new Error(`${s.id} not read`);
  return found;
};

async function partsOf(id: string): Promise<Part[]> {
  const ids = msgs(id).map((m) => m.id);
  return [...(await store.messageParts(id, ids)).values()].flatMap((held) => held.parts);
}

describe(`oh-my-pi ${OMP_VERSION} as the real binary wrote it`, () => {
  it('the committed oracle is the straight sums over the committed files', async () => {
    const fresh = await ompOracle(root);
    expect(fresh.sessions).toEqual(committed.sessions);
    expect(fresh.totals).toEqual(committed.totals);
  });

  it('the fixture holds what the issue is about: side calls, a subagent that yielded, a big output', () => {
    expect(committed.sessions.some((s) => s.sideCalls > 0)).toBe(true);
    expect(committed.sessions.some((s) => s.parentID && s.exited)).toBe(true);
    expect(committed.sessions.some((s) => s.artifacts.length > 0)).toBe(true);
  });

  it('every session: tokens and recorded cost with the side calls omp adds, turns, responses, models', () => {
    expect([...store.summaryMap().values()].map((s) => s.id).sort()).toEqual(committed.sessions.map((s) => s.id).sort());
    for (const s of committed.sessions) {
      const { tokens, cost, turnCount, models } = summary(s);
      expect({ input: tokens.input, output: tokens.output, cacheRead: tokens.cacheRead, cacheWrite: tokens.cacheWrite }, s.id).toEqual(s.tokens);
      expect(cost, `${s.id} cost`).toBeCloseTo(s.recordedCost, 12);
      expect(turnCount, `${s.id} turns`).toBe(s.userTurns);
      expect(msgs(s.id).filter((m) => m.role === 'assistant' && m.modelID).length, `${s.id} responses`).toBe(s.responses);
      expect(msgs(s.id).filter((m) => m.sideCall).length, `${s.id} side calls`).toBe(s.sideCalls);
      expect([...models].map((m) => m.split('/').at(-1)).sort(), `${s.id} models`).toEqual(s.models);
    }
  });

  it("links: a subagent's parent is its folder's session, never a fork; the task call opens it", async () => {
    for (const s of committed.sessions) {
      expect(summary(s).parentID, `${s.id} parent`).toBe(s.parentID);
      expect(summary(s).forkedFrom, `${s.id} fork`).toBeUndefined();
    }
    for (const child of committed.sessions.filter((s) => s.parentID)) {
      const calls = (await partsOf(child.parentID!)).filter((p): p is ToolPart => p.type === 'tool' && p.tool === 'task');
      expect(calls.map((c) => c.childSessionID)).toEqual([child.id]);
    }
  });

  it('status: a session that exited is over (the yielded subagent finished, its parent not waiting), an error stays an error', () => {
    for (const s of committed.sessions) {
      const { status } = summary(s);
      expect(status.status, `${s.id}: ${status.reason}`).not.toBe('stale');
      if (s.exited && s.recordedCost > 0) expect(status.status, `${s.id}: ${status.reason}`).toBe('idle');
    }
    const failed = committed.sessions.find((s) => s.recordedCost === 0);
    expect(failed && summary(failed).status.status).toBe('error');
  });

  it('a big output kept as an artifact is reachable from its tool call, whole', async () => {
    for (const s of committed.sessions.filter((x) => x.artifacts.length > 0)) {
      const kept = (await partsOf(s.id)).filter((p): p is ToolPart => p.type === 'tool' && p.fullOutput !== undefined);
      expect(kept.map((p) => path.basename(p.fullOutput!.file)), s.id).toEqual(s.artifacts);
      for (const part of kept) {
        const whole = readFileSync(path.join(root, s.file.slice(0, -'.jsonl'.length), path.basename(part.fullOutput!.file)), 'utf8');
        expect(part.output!.length).toBeLessThan(whole.length);
        expect(part.fullOutput!.bytes).toBe(Buffer.byteLength(whole));
        expect(await getFullOutput(store, s.id, part.id, part.messageID)).toEqual({ ok: true, text: whole });
      }
    }
  });

  it('no part is unknown; side calls are marked as such', async () => {
    for (const s of committed.sessions) {
      const parts = await partsOf(s.id);
      expect(parts.filter((p) => p.type === 'unknown'), s.id).toEqual([]);
      expect(parts.filter((p) => p.type === 'context' && p.kind === 'model_usage').length, s.id).toBe(s.sideCalls);
    }
  });
});
