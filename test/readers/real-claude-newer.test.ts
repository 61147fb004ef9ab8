// Claude Code 2.1.332 (newer than the main fixture) reads exactly as 2.1.328: the lines FORMATS.md
// says it adds (rowSource, sentAtMs, thread, echoWireToolInputs, a subagent's modelNotNamed) change
// nothing. test/fixtures/claude-2.1.332 is a small fixture from the real binary.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Part, ToolPart } from '@/lib/model/part';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import { CLAUDE_NEWER_VERSION } from '../tools/agent-bins';
import { claudeOracle, type AgentOracle } from '../tools/agent-oracle';

const fixture = fileURLToPath(new URL(`../fixtures/claude-${CLAUDE_NEWER_VERSION}/`, import.meta.url));
const root = path.join(fixture, 'projects');
const committed = JSON.parse(readFileSync(path.join(fixture, 'oracle.json'), 'utf8')) as AgentOracle;

let store: Store;
beforeAll(async () => {
  store = new Store(createReaders({ opencodeDir: path.join(fixture, 'none'), databases: [], claudeDir: root }));
  await store.start();
});
afterAll(() => store.stop());

const msgs = (id: string) => [...store.view.messages(id)];
async function partsOf(id: string): Promise<Part[]> {
  return [...(await store.messageParts(id, msgs(id).map((m) => m.id))).values()].flatMap((held) => held.parts);
}

describe(`Claude Code ${CLAUDE_NEWER_VERSION} as the real binary wrote it`, () => {
  it('the committed oracle is the straight sums over the committed files, and the files carry the new fields', async () => {
    const fresh = await claudeOracle(root);
    expect(fresh.sessions).toEqual(committed.sessions);
    const text = committed.sessions.map((s) => readFileSync(path.join(root, s.file), 'utf8')).join('\n');
    for (const field of ['"rowSource"', '"sentAtMs"', '"echoWireToolInputs"']) expect(text, field).toContain(field);
  });

  it('every session: tokens, turns, responses, models; a session with its subagents costs its last cost-state', () => {
    expect([...store.summaryMap().keys()].sort()).toEqual(committed.sessions.map((s) => s.id).sort());
    for (const s of committed.sessions) {
      const summary = store.summaryMap().get(s.id)!;
      const { tokens } = summary;
      expect({ input: tokens.input, output: tokens.output, cacheRead: tokens.cacheRead, cacheWrite: tokens.cacheWrite }, s.id).toEqual(s.tokens);
      expect(summary.turnCount, `${s.id} turns`).toBe(s.userTurns);
      expect(msgs(s.id).filter((m) => m.role === 'assistant' && m.modelID).length, `${s.id} responses`).toBe(s.responses);
      expect([...summary.models].map((m) => m.split('/').at(-1)).sort(), `${s.id} models`).toEqual(s.models);
      if (!s.parentID) expect(summary.total.cost, `${s.id} cost`).toBeCloseTo(s.recordedCost, 9);
      // Every response is priced by a cost-state: the recorded figure is whole.
      if (!s.parentID) expect(summary.total.costRecorded, `${s.id} recorded`).toBeUndefined();
      expect(summary.status.status, `${s.id}: ${summary.status.reason}`).not.toBe('stale');
    }
  });

  it('the subagent (its meta with modelNotNamed) is named, linked from its tool call; no part is unknown', async () => {
    const subagents = committed.sessions.filter((s) => s.parentID);
    expect(subagents).toHaveLength(1);
    for (const s of subagents) {
      expect(store.summaryMap().get(s.id)?.parentID).toBe(s.parentID);
      expect(new Set(msgs(s.id).filter((m) => m.role === 'assistant').map((m) => m.agent))).toEqual(new Set([s.agent]));
      const call = (await partsOf(s.parentID!)).find((p): p is ToolPart => p.type === 'tool' && p.callID === s.toolUseId);
      expect(call?.childSessionID).toBe(s.id);
    }
    for (const s of committed.sessions) expect((await partsOf(s.id)).filter((p) => p.type === 'unknown'), s.id).toEqual([]);
  });
});
