// Codex CLI and Gemini CLI sessions written by the real binaries (test/fixtures/codex-*, gemini-*):
// every session's figures equal the straight sums over its files (oracle.json,
// test/tools/codex-gemini-oracle.ts), and nothing read is "unknown".
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Part, ToolPart } from '@/lib/model/part';
import { lookupPrice } from '@/lib/pricing/lookup-price';
import { comparePartOrder } from '@/lib/sessions/build-turns';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import { CODEX_VERSION, GEMINI_LEGACY_VERSION, GEMINI_VERSION } from '../tools/agent-bins';
import { codexOracle, geminiOracle, type CodexGeminiOracle, type CodexGeminiOracleSession } from '../tools/codex-gemini-oracle';

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));
const codexRoot = path.join(fixtures, `codex-${CODEX_VERSION}`, 'sessions');
const geminiRoot = path.join(fixtures, `gemini-${GEMINI_VERSION}`);
type Committed = CodexGeminiOracle & { runs: { step: string; exitCode: number | null }[] };
const committed = (name: string): Committed => JSON.parse(readFileSync(path.join(fixtures, name, 'oracle.json'), 'utf8')) as Committed;

let store: Store;
beforeAll(async () => {
  store = new Store(createReaders({ opencodeDir: path.join(fixtures, 'none'), databases: [], codexDir: codexRoot, geminiDir: geminiRoot }));
  await store.start();
});
afterAll(() => store.stop());

const msgs = (id: string) => [...store.view.messages(id)];

async function partsOf(id: string): Promise<Part[]> {
  const ids = msgs(id).map((m) => m.id);
  return [...(await store.messageParts(id, ids)).values()].flatMap((held) => held.parts);
}

function expectFigures(s: CodexGeminiOracleSession): void {
  const summary = store.summaryMap().get(s.id);
  expect(summary, s.id).toBeDefined();
  const { tokens } = summary!;
  expect(tokens, s.id).toEqual(s.tokens);
  expect(summary!.turnCount, `${s.id} turns`).toBe(s.userTurns);
  expect(msgs(s.id).filter((m) => m.role === 'assistant' && !m.error).length, `${s.id} responses`).toBe(s.responses);
  expect(msgs(s.id).filter((m) => m.role === 'assistant' && m.error).length, `${s.id} failed turns`).toBe(s.failedTurns);
  expect(summary!.parentID, `${s.id} parent`).toBe(s.parentID);
  expect(summary!.forkedFrom, `${s.id} fork`).toBe(s.forkedFrom);
  expect([...summary!.models].map((m) => m.split('/').at(-1)).sort(), `${s.id} models`).toEqual(s.models);
  expect(summary!.directory, `${s.id} directory`).toBe(s.directory);
}

/** The first reply's parts in the timeline's order (by time, then id): as the agent wrote them. */
async function firstReplyOrder(id: string): Promise<string[]> {
  const reply = msgs(id).find((m) => m.role === 'assistant')!;
  return (await partsOf(id)).filter((p) => p.messageID === reply.id).sort(comparePartOrder).map((p) => p.type);
}

async function expectTools(s: CodexGeminiOracleSession): Promise<ToolPart[]> {
  const parts = await partsOf(s.id);
  expect(parts.filter((p) => p.type === 'unknown'), s.id).toEqual([]);
  const tools = parts.filter((p): p is ToolPart => p.type === 'tool');
  expect(tools.length, `${s.id} tool calls`).toBe(s.toolCalls);
  expect(tools.filter((t) => t.status === 'error').length, `${s.id} tool errors`).toBe(s.toolErrors);
  expect(tools.filter((t) => t.status === 'running' || t.status === 'pending'), `${s.id} calls without a result`).toEqual([]);
  expect(parts.filter((p) => p.type === 'step-finish').length, `${s.id} steps`).toBe(s.responses);
  return tools;
}

describe(`Codex CLI ${CODEX_VERSION} as the real binary wrote it`, () => {
  const oracle = committed(`codex-${CODEX_VERSION}`);

  it('the committed oracle is the straight sums over the committed files', async () => {
    const fresh = await codexOracle(codexRoot);
    expect(fresh.sessions).toEqual(oracle.sessions);
    expect(fresh.totals).toEqual(oracle.totals);
  });

  it('every session: tokens of each kind (input without cache, output without reasoning), turns, models per turn, parent and fork links', () => {
    expect([...store.summaryMap().values()].filter((s) => s.source === 'codex').map((s) => s.id).sort()).toEqual(oracle.sessions.map((s) => s.id).sort());
    for (const s of oracle.sessions) expectFigures(s);
    expect(oracle.totals.tokens.reasoning).toBeGreaterThan(0);
    expect(oracle.sessions.some((s) => s.models.length === 2)).toBe(true);
  });

  it('a fork counts only its own response, though its running total starts from its original', () => {
    const fork = oracle.sessions.find((s) => s.forkedFrom)!;
    expect(store.summaryMap().get(fork.id)!.tokens).toEqual({ input: 400, output: 70, reasoning: 0, cacheRead: 4_500, cacheWrite: 0 });
    const all = [...store.summaryMap().values()].filter((s) => s.source === 'codex');
    expect(all.reduce((a, s) => a + s.tokens.input + s.tokens.cacheRead, 0)).toBe(oracle.totals.tokens.input + oracle.totals.tokens.cacheRead);
  });

  it('tool calls with their results and errors; the subagent is linked from the spawn_agent call and its report', async () => {
    for (const s of oracle.sessions) await expectTools(s);
    const child = oracle.sessions.find((s) => s.parentID)!;
    expect(child.agent).toBeTruthy();
    const parent = await partsOf(child.parentID!);
    expect(parent.find((p): p is ToolPart => p.type === 'tool' && p.callID === child.spawnCallID)?.childSessionID).toBe(child.id);
    expect(parent.find((p) => p.type === 'agent-report')).toMatchObject({ childSessionID: child.id, status: 'completed' });
    expect(new Set(msgs(child.id).map((m) => m.agent))).toEqual(new Set([child.agent]));
    expect(store.summaryMap().get(child.parentID!)!.childCount).toBe(1);
  });

  it('reasoning is read; the failed turn is one error, not an answer', async () => {
    const tools = oracle.sessions.find((s) => s.tokens.reasoning > 0 && s.toolCalls > 0)!;
    expect((await partsOf(tools.id)).filter((p) => p.type === 'reasoning').map((p) => p.type === 'reasoning' && p.text)).toEqual(['Read the readme, then try the missing file.']);
    expect(await firstReplyOrder(tools.id)).toEqual(['reasoning', 'text', 'tool', 'tool', 'step-finish']);
    const failed = oracle.sessions.find((s) => s.failedTurns > 0)!;
    expect(msgs(failed.id).find((m) => m.role === 'assistant')).toMatchObject({ finish: 'error', error: { message: expect.stringContaining('high demand') } });
  });

  it('priced at models.dev API prices; a model without a price is unpriced, never $0', () => {
    const priced = store.summaryMap().get(oracle.sessions.find((s) => s.models.join() === 'gpt-5.5' && s.tokens.input > 0)!.id)!;
    expect(priced.unpricedModels).toEqual([]);
    expect(priced.computedCost).toBeGreaterThan(0);
    expect(lookupPrice('openai', 'gpt-5.5')).toBeDefined();
    const mock = store.summaryMap().get(oracle.sessions.find((s) => s.models.includes('gpt-5-mock') && !s.parentID)!.id)!;
    expect(mock.unpricedModels.map((m) => m.split('/').at(-1))).toEqual(['gpt-5-mock']);
    expect(mock.computedCost).toBe(0);
  });

  it('its recorded cost is "not recorded" (Codex records tokens, never a price), not $0 spent', () => {
    for (const s of oracle.sessions.filter((o) => o.responses > 0)) {
      expect(store.summaryMap().get(s.id)!.costRecorded, s.id).toBe('none');
      expect(msgs(s.id).filter((m) => m.role === 'assistant').every((m) => m.costUnrecorded), s.id).toBe(true);
    }
  });
});

describe(`Gemini CLI ${GEMINI_VERSION} as the real binary wrote it`, () => {
  const oracle = committed(`gemini-${GEMINI_VERSION}`);

  it('the committed oracle is the straight sums over the committed files', async () => {
    const fresh = await geminiOracle(geminiRoot);
    expect(fresh.sessions).toEqual(oracle.sessions);
    expect(fresh.totals).toEqual(oracle.totals);
  });

  it('every session: tokens of each kind, turns (never the harness <session_context>), models per response, subagent links, the folder from .project_root', () => {
    expect([...store.summaryMap().values()].filter((s) => s.source === 'gemini').map((s) => s.id).sort()).toEqual(oracle.sessions.map((s) => s.id).sort());
    for (const s of oracle.sessions) expectFigures(s);
    expect(oracle.totals.tokens.reasoning).toBeGreaterThan(0);
  });

  it('a resumed session keeps the tokens its rewritten copies dropped: every run counts', () => {
    const resumed = oracle.sessions.find((s) => s.userTurns === 3)!;
    expect(resumed.responses).toBe(3);
    const summary = store.summaryMap().get(resumed.id)!;
    // The CLI's own view of the file (the last run only) would hold 5,600 + 60 of these.
    expect(summary.tokens.input + summary.tokens.cacheRead + summary.tokens.output + summary.tokens.reasoning).toBe(5_000 + 40 + 5_300 + 50 + 30 + 5_600 + 60);
    expect(msgs(resumed.id).map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
  });

  it('tool calls with their results and errors; the subagent is linked from the invoke_agent call; reasoning is read', async () => {
    for (const s of oracle.sessions) await expectTools(s);
    const child = oracle.sessions.find((s) => s.parentID)!;
    const parent = await partsOf(child.parentID!);
    expect(parent.find((p): p is ToolPart => p.type === 'tool' && p.callID === child.spawnCallID)?.childSessionID).toBe(child.id);
    // Named by the agent the call invoked.
    expect(new Set(msgs(child.id).map((m) => m.agent))).toEqual(new Set(['generalist']));
    expect(store.summaryMap().get(child.id)!.agents).toEqual(['generalist']);
    const tools = oracle.sessions.find((s) => s.toolErrors > 0)!;
    const parts = await partsOf(tools.id);
    expect(parts.filter((p) => p.type === 'reasoning').map((p) => p.type === 'reasoning' && p.text)).toEqual(['**Inspecting** Read the readme, run a command, then try the missing file.']);
    expect(parts.find((p) => p.type === 'context' && p.kind === 'session_context')).toBeDefined();
    expect(await firstReplyOrder(tools.id)).toEqual(['reasoning', 'text', 'tool', 'tool', 'tool', 'step-finish']);
  });

  it('a tool output too large for the record is read whole from tool-outputs/ when the session is opened', async () => {
    const big = oracle.sessions.find((s) => s.tokens.input > 15_000)!;
    const call = (await partsOf(big.id)).find((p): p is ToolPart => p.type === 'tool');
    expect(call?.input).toEqual({ command: 'seq 1 20000', description: 'Print many lines' });
    // As the CLI wrote it: `<untrusted_context>\nOutput: 1\n2\n…\n20000\nProcess Group PGID: …`.
    const lines = call?.output?.split('\n') ?? [];
    expect(lines.slice(1, 3)).toEqual(['Output: 1', '2']);
    expect(lines.filter((l) => /^\d+$/.test(l))).toHaveLength(19_999);
    expect(call?.output).not.toContain('Output too large');
  });

  it('priced at models.dev API prices (Gemini records no cost), the router-picked model too', () => {
    for (const s of oracle.sessions.filter((o) => o.responses > 0)) {
      const summary = store.summaryMap().get(s.id)!;
      expect(summary.computedCost, s.id).toBeGreaterThan(0);
      expect(summary.unpricedModels, s.id).toEqual([]);
    }
    expect(oracle.sessions.flatMap((s) => s.models)).toContain('gemini-3.1-pro-preview');
    // What it recorded of cost: nothing, said as such.
    for (const s of oracle.sessions.filter((o) => o.responses > 0)) expect(store.summaryMap().get(s.id)!.costRecorded, s.id).toBe('none');
  });
});

describe(`Gemini CLI ${GEMINI_LEGACY_VERSION} (a chat as one JSON document, in a folder named by a hash) as the real binary wrote it`, () => {
  const oracle = committed(`gemini-${GEMINI_LEGACY_VERSION}`);
  const legacyRoot = path.join(fixtures, `gemini-${GEMINI_LEGACY_VERSION}`);
  let legacy: Store;
  beforeAll(async () => {
    legacy = new Store(createReaders({ opencodeDir: path.join(fixtures, 'none'), databases: [], geminiDir: legacyRoot }));
    await legacy.start();
  });
  afterAll(() => legacy.stop());

  it('the committed oracle is the straight sums over the committed files', async () => {
    const fresh = await geminiOracle(legacyRoot);
    expect(fresh.sessions).toEqual(oracle.sessions);
  });

  it('every session: tokens of each kind, turns (a resume appended to the same document), models, tool calls and errors', async () => {
    expect([...legacy.summaryMap().keys()].sort()).toEqual(oracle.sessions.map((s) => s.id).sort());
    for (const s of oracle.sessions) {
      const summary = legacy.summaryMap().get(s.id)!;
      expect(summary.tokens, s.id).toEqual(s.tokens);
      expect(summary.turnCount, s.id).toBe(s.userTurns);
      expect([...summary.models].map((m) => m.split('/').at(-1)), s.id).toEqual(s.models);
      const ids = [...legacy.view.messages(s.id)].map((m) => m.id);
      const parts = [...(await legacy.messageParts(s.id, ids)).values()].flatMap((held) => held.parts);
      expect(parts.filter((p) => p.type === 'unknown'), s.id).toEqual([]);
      const tools = parts.filter((p): p is ToolPart => p.type === 'tool');
      expect([tools.length, tools.filter((t) => t.status === 'error').length], s.id).toEqual([s.toolCalls, s.toolErrors]);
    }
    expect(oracle.sessions.some((s) => s.userTurns === 2)).toBe(true);
  });
});
