// The second oracle for Codex CLI and Gemini CLI: ccusage 20.0.24 (a devDependency, its own
// reading of the same files), where it agrees, and in words where it does not.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import type { SessionSummary } from '@/lib/sessions/session-summary';
import { CODEX_VERSION, GEMINI_LEGACY_VERSION, GEMINI_VERSION } from '../tools/agent-bins';

const run = promisify(execFile);
const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));
const bin = fileURLToPath(new URL('../../node_modules/.bin/ccusage', import.meta.url));

interface CodexRow {
  sessionFile: string;
  inputTokens: number;
  cacheReadTokens: number;
  outputTokens: number;
  reasoningOutputTokens: number;
  models: Record<string, unknown>;
}
interface GeminiRow {
  sessionId: string;
  inputTokens: number;
  cacheReadTokens: number;
  outputTokens: number;
  totalTokens: number;
  modelsUsed: string[];
}

let tmp: string;
let codex: { sessions: CodexRow[]; totals: { inputTokens: number; cacheReadTokens: number; outputTokens: number; reasoningOutputTokens: number } };
let gemini: { sessions: GeminiRow[] };
let store: Store;

async function ccusage(args: string[], env: Record<string, string>): Promise<unknown> {
  const all: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: tmp, NO_COLOR: '1', ...env };
  const { stdout } = await run(bin, [...args, '--json', '--offline'], { env: all as NodeJS.ProcessEnv, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as unknown;
}

beforeAll(async () => {
  tmp = mkdtempSync(path.join(tmpdir(), 'sessionscope-ccusage-'));
  cpSync(path.join(fixtures, `codex-${CODEX_VERSION}`), path.join(tmp, 'codex'), { recursive: true });
  mkdirSync(path.join(tmp, '.gemini'));
  cpSync(path.join(fixtures, `gemini-${GEMINI_VERSION}`), path.join(tmp, '.gemini'), { recursive: true });
  // The older version's chats (one JSON document each, a hash-named folder) beside the new ones, as after an upgrade.
  cpSync(path.join(fixtures, `gemini-${GEMINI_LEGACY_VERSION}`, 'tmp'), path.join(tmp, '.gemini', 'tmp'), { recursive: true });
  codex = (await ccusage(['codex', 'session'], { CODEX_HOME: path.join(tmp, 'codex') })) as typeof codex;
  gemini = (await ccusage(['gemini', 'session'], {})) as typeof gemini;
  store = new Store(createReaders({ opencodeDir: path.join(tmp, 'none'), databases: [], codexDir: path.join(tmp, 'codex', 'sessions'), geminiDir: path.join(tmp, '.gemini') }));
  await store.start();
}, 180_000);
afterAll(() => {
  store.stop();
  rmSync(tmp, { recursive: true, force: true });
});

const ours = (source: string): SessionSummary[] => [...store.summaryMap().values()].filter((s) => s.source === source);

describe(`ccusage 20.0.24 on the Codex CLI ${CODEX_VERSION} fixture`, () => {
  it('every rollout it reads: the same input, cache reads, models, and output with reasoning inside it (OpenAI counts it there)', () => {
    expect(codex.sessions.length).toBeGreaterThanOrEqual(5);
    for (const row of codex.sessions) {
      const s = store.summaryMap().get(row.sessionFile.slice(-36));
      expect(s, row.sessionFile).toBeDefined();
      expect([s!.tokens.input, s!.tokens.cacheRead, s!.tokens.output + s!.tokens.reasoning, s!.tokens.reasoning], row.sessionFile).toEqual([row.inputTokens, row.cacheReadTokens, row.outputTokens, row.reasoningOutputTokens]);
      expect(s!.models.map((m) => m.split('/').at(-1)).sort()).toEqual(Object.keys(row.models).sort());
    }
  });

  it('where it differs: it drops a subagent\'s rollout entirely (the file names its parent thread), so its totals lack the subagent\'s tokens; we count them, under the parent', () => {
    const listed = new Set(codex.sessions.map((row) => row.sessionFile.slice(-36)));
    const spent = ours('codex').filter((s) => s.tokens.input + s.tokens.cacheRead > 0);
    const dropped = spent.filter((s) => !listed.has(s.id));
    expect(dropped.map((s) => Boolean(s.parentID))).toEqual([true]);
    const child = dropped[0]!;
    expect(store.summaryMap().get(child.parentID!)!.total.tokens.input).toBe(store.summaryMap().get(child.parentID!)!.tokens.input + child.tokens.input);
    const sum = (f: (s: SessionSummary) => number) => ours('codex').reduce((a, s) => a + f(s), 0);
    expect(sum((s) => s.tokens.input)).toBe(codex.totals.inputTokens + child.tokens.input);
    expect(sum((s) => s.tokens.cacheRead)).toBe(codex.totals.cacheReadTokens + child.tokens.cacheRead);
  });
});

describe(`ccusage 20.0.24 on the Gemini CLI ${GEMINI_VERSION} and ${GEMINI_LEGACY_VERSION} fixtures`, () => {
  it('every session with tokens, subagents, resumed runs and the older version\'s JSON chats included: the same input, cache reads, output (thoughts apart), total and models', () => {
    const spent = ours('gemini').filter((s) => s.tokens.input > 0);
    expect(spent.filter((s) => /^[0-9a-f]{64}$/.test(s.directory))).toHaveLength(2);
    expect(gemini.sessions.map((row) => row.sessionId).sort()).toEqual(spent.map((s) => s.id).sort());
    for (const row of gemini.sessions) {
      const s = store.summaryMap().get(row.sessionId)!;
      const t = s.tokens;
      expect([t.input, t.cacheRead, t.output, t.input + t.cacheRead + t.output + t.reasoning], row.sessionId).toEqual([row.inputTokens, row.cacheReadTokens, row.outputTokens, row.totalTokens]);
      expect(s.models.map((m) => m.split('/').at(-1)).sort()).toEqual([...row.modelsUsed].sort());
    }
  });
});
