// Claude Code and pi sessions written by the real binaries (test/fixtures/claude-*, pi-*): every
// session's figures equal the straight sums over its files (oracle.json, test/tools/agent-oracle.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Part, ToolPart } from '@/lib/model/part';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import { CLAUDE_VERSION, PI_VERSION } from '../tools/agent-bins';
import { claudeOracle, piOracle, type AgentOracle, type OracleSession } from '../tools/agent-oracle';

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));
const claudeRoot = path.join(fixtures, `claude-${CLAUDE_VERSION}`, 'projects');
const piRoot = path.join(fixtures, `pi-${PI_VERSION}`, 'sessions');
type Committed = AgentOracle & { runs: { step: string; exitCode: number | null }[] };
const committed = (name: string): Committed => JSON.parse(readFileSync(path.join(fixtures, name, 'oracle.json'), 'utf8')) as Committed;

let store: Store;
beforeAll(async () => {
  store = new Store(createReaders({ opencodeDir: path.join(fixtures, 'none'), databases: [], claudeDir: claudeRoot, piDir: piRoot }));
  await store.start();
});
afterAll(() => store.stop());

const msgs = (id: string) => [...store.view.messages(id)];

async function partsOf(id: string): Promise<Part[]> {
  const ids = msgs(id).map((m) => m.id);
  return [...(await store.messageParts(id, ids)).values()].flatMap((held) => held.parts);
}

function expectFigures(s: OracleSession): void {
  const summary = store.summaryMap().get(s.id);
  expect(summary, s.id).toBeDefined();
  const { tokens } = summary!;
  expect({ input: tokens.input, output: tokens.output, cacheRead: tokens.cacheRead, cacheWrite: tokens.cacheWrite }, s.id).toEqual(s.tokens);
  expect(summary!.turnCount, `${s.id} turns`).toBe(s.userTurns);
  expect(msgs(s.id).filter((m) => m.role === 'assistant' && m.modelID).length, `${s.id} responses`).toBe(s.responses);
  expect(summary!.forkedFrom, `${s.id} fork`).toBe(s.forkedFrom);
  expect([...summary!.models].map((m) => m.split('/').at(-1)).sort(), `${s.id} models`).toEqual(s.models);
}

describe(`Claude Code ${CLAUDE_VERSION} as the real binary wrote it`, () => {
  const oracle = committed(`claude-${CLAUDE_VERSION}`);

  it('the committed oracle is the straight sums over the committed files', async () => {
    const fresh = await claudeOracle(claudeRoot);
    expect(fresh.sessions).toEqual(oracle.sessions);
    expect(fresh.totals).toEqual(oracle.totals);
  });

  it('every session: tokens (a fork counts only its own responses), turns (no meta lines, no task notifications), models, fork link', () => {
    expect([...store.summaryMap().values()].filter((s) => s.source === 'claude').map((s) => s.id).sort()).toEqual(oracle.sessions.map((s) => s.id).sort());
    for (const s of oracle.sessions) expectFigures(s);
    const all = [...store.summaryMap().values()].filter((s) => s.source === 'claude');
    expect(all.reduce((a, s) => a + s.tokens.input, 0)).toBe(oracle.totals.tokens.input);
  });

  it("recorded cost: a session with its subagents equals its last cost-state (a fork's minus what it inherited)", () => {
    for (const s of oracle.sessions.filter((o) => !o.parentID)) {
      const summary = store.summaryMap().get(s.id)!;
      expect(summary.total.cost, s.id).toBeCloseTo(s.recordedCost, 9);
    }
    expect(oracle.totals.recordedCost).toBeGreaterThan(0.3);
  });

  it("a fork is titled by its own first prompt, not its original's", () => {
    const forks = [...store.summaryMap().values()].filter((s) => s.source === 'claude' && s.forkedFrom);
    expect(forks.length).toBeGreaterThan(0);
    for (const fork of forks) expect(fork.title, fork.id).not.toBe(store.summaryMap().get(fork.forkedFrom!)?.title);
  });

  it("context: Claude Code's 200,000-token window on claude-sonnet-4-5, not the 1,000,000 models.dev lists (no request used the 1M option)", () => {
    const sonnet = [...store.summaryMap().values()].filter((s) => s.source === 'claude' && s.contextUse?.model === 'anthropic/claude-sonnet-4-5');
    expect(sonnet.length).toBeGreaterThan(0);
    for (const s of sonnet) expect(s.contextUse?.limit, s.id).toBe(200_000);
  });

  it('a subagent is named by its agentType and linked from the tool call that started it and from its report', async () => {
    for (const s of oracle.sessions.filter((o) => o.parentID)) {
      expect(new Set(msgs(s.id).filter((m) => m.role === 'assistant').map((m) => m.agent)), s.id).toEqual(new Set([s.agent]));
      const parent = await partsOf(s.parentID!);
      const call = parent.find((p): p is ToolPart => p.type === 'tool' && p.callID === s.toolUseId);
      expect(call?.childSessionID, s.id).toBe(s.id);
      expect(parent.find((p) => p.type === 'agent-report' && p.callID === s.toolUseId)).toMatchObject({ childSessionID: s.id, status: 'completed' });
    }
  });

  it('no part is unknown; client context is one folded line with its size, never the 100 KB prompt snapshot', async () => {
    for (const s of oracle.sessions) {
      const parts = await partsOf(s.id);
      expect(parts.filter((p) => p.type === 'unknown'), s.id).toEqual([]);
      for (const p of parts) if (p.type === 'context') expect(JSON.stringify(p).length, s.id).toBeLessThan(600);
    }
    const snapshot = (await partsOf(oracle.sessions.find((s) => s.file.includes('-alpha/') && s.responses === 3 && !s.parentID)!.id)).find((p) => p.type === 'context' && p.kind === 'prompt_snapshot');
    expect(snapshot).toMatchObject({ summary: 'System prompt and tools sent to the model', size: expect.any(Number) });
    expect(snapshot?.type === 'context' && snapshot.size).toBeGreaterThan(20_000);
  });

  it('status: every session ended as the real binary ends it, none reads stale (crashed) days later', () => {
    for (const s of oracle.sessions) {
      const { status } = store.summaryMap().get(s.id)!;
      expect(status.status, `${s.id}: ${status.reason}`).not.toBe('stale');
    }
  });

  it('a retried 529 is a retry; the client-written reply after every attempt failed is one error, not text, not "stop"', async () => {
    const retried = oracle.runs.find((r) => r.step === '529 then success');
    expect(retried?.exitCode).toBe(0);
    const failed = oracle.sessions.find((s) => s.responses === 0)!;
    const parts = await partsOf(failed.id);
    expect(parts.filter((p) => p.type === 'retry').length).toBeGreaterThanOrEqual(2);
    expect(parts.filter((p) => p.type === 'text').map((p) => p.type === 'text' && p.text)).toEqual(['[ssc:c-fail] This never gets an answer.']);
    const reply = msgs(failed.id).find((m) => m.role === 'assistant');
    expect(reply).toMatchObject({ finish: 'error', error: { name: 'APIError', message: expect.stringContaining('529') } });
  });
});

describe(`pi ${PI_VERSION} as the real binary wrote it`, () => {
  const oracle = committed(`pi-${PI_VERSION}`);

  it('the committed oracle is the straight sums over the committed files', async () => {
    const fresh = await piOracle(piRoot);
    expect(fresh.sessions).toEqual(oracle.sessions);
    expect(fresh.totals).toEqual(oracle.totals);
  });

  it('every session: tokens, recorded cost, turns, models; a fork counts only its own entries and links its original', () => {
    expect([...store.summaryMap().values()].filter((s) => s.source === 'pi').map((s) => s.id).sort()).toEqual(oracle.sessions.map((s) => s.id).sort());
    for (const s of oracle.sessions) {
      expectFigures(s);
      expect(store.summaryMap().get(s.id)!.cost, s.id).toBeCloseTo(s.recordedCost, 12);
    }
  });

  it('status: every session ended as the real binary ends it, none reads stale (crashed) days later', () => {
    for (const s of oracle.sessions) {
      const { status } = store.summaryMap().get(s.id)!;
      expect(status.status, `${s.id}: ${status.reason}`).not.toBe('stale');
    }
  });

  it('model and thinking-level changes are model switches; no part is unknown', async () => {
    for (const s of oracle.sessions) {
      const parts = await partsOf(s.id);
      expect(parts.filter((p) => p.type === 'unknown'), s.id).toEqual([]);
      if (!s.forkedFrom) expect(parts.filter((p) => p.type === 'model-change').length, s.id).toBe(2);
    }
  });
});
