// The second oracle for Claude Code: ccusage (a devDependency, its own reading of the same files).
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import type { SessionSummary } from '@/lib/sessions/session-summary';
import { CLAUDE_VERSION } from '../tools/agent-bins';

const run = promisify(execFile);
const fixture = fileURLToPath(new URL(`../fixtures/claude-${CLAUDE_VERSION}/`, import.meta.url));
const bin = fileURLToPath(new URL('../../node_modules/.bin/ccusage', import.meta.url));

interface CcusageSession {
  period: string;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheCreationTokens: number;
  totalCost: number;
}
interface CcusageReport {
  session: CcusageSession[];
  totals: { inputTokens: number; outputTokens: number; cacheReadTokens: number; cacheCreationTokens: number; totalCost: number; unpricedModels?: string[] };
}

let tmp: string;
let report: CcusageReport;
let store: Store;
beforeAll(async () => {
  tmp = mkdtempSync(path.join(tmpdir(), 'sessionscope-ccusage-'));
  cpSync(fixture, path.join(tmp, 'claude'), { recursive: true });
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: tmp, CLAUDE_CONFIG_DIR: path.join(tmp, 'claude'), NO_COLOR: '1' };
  const { stdout } = await run(bin, ['session', '--json', '--offline'], {
    env: env as NodeJS.ProcessEnv,
    timeout: 60_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  report = JSON.parse(stdout) as CcusageReport;
  store = new Store(createReaders({ opencodeDir: path.join(tmp, 'none'), databases: [], claudeDir: path.join(tmp, 'claude', 'projects') }));
  await store.start();
}, 180_000);
afterAll(() => {
  store.stop();
  rmSync(tmp, { recursive: true, force: true });
});

const roots = (): SessionSummary[] => [...store.summaryMap().values()].filter((s) => !s.parentID);
const tokensOf = (s: SessionSummary['total'] | SessionSummary) => [s.tokens.input, s.tokens.output, s.tokens.cacheRead, s.tokens.cacheWrite];

describe(`ccusage 20.0.24 on the Claude Code ${CLAUDE_VERSION} fixture`, () => {
  it('all tokens are the same: every response once, forks included', () => {
    const all = roots().reduce((sum, s) => sum.map((v, i) => v + (tokensOf(s.total)[i] ?? 0)), [0, 0, 0, 0]);
    expect(all).toEqual([report.totals.inputTokens, report.totals.outputTokens, report.totals.cacheReadTokens, report.totals.cacheCreationTokens]);
  });

  it('every session with its subagents: same tokens and cost (ccusage counts subagent usage inside the parent session, as our "with subagents" figure does)', () => {
    const forkPairs = new Set(roots().flatMap((s) => (s.forkedFrom ? [s.id, s.forkedFrom] : [])));
    const plain = report.session.filter((c) => !forkPairs.has(c.period));
    expect(plain.length).toBeGreaterThanOrEqual(4);
    for (const c of plain) {
      const ours = store.summaryMap().get(c.period);
      expect(ours, c.period).toBeDefined();
      expect(tokensOf(ours!.total), c.period).toEqual([c.inputTokens, c.outputTokens, c.cacheReadTokens, c.cacheCreationTokens]);
      // ccusage prices at its own (offline LiteLLM) table; it leaves a model it does not know at $0
      if (c.totalCost > 0) expect(ours!.total.cost, c.period).toBeCloseTo(c.totalCost, 9);
    }
  });

  it('a fork and its original: ccusage puts the repeated responses in whichever file it reads first; we count them where they were first written, so only the pair adds up the same', () => {
    const fork = roots().find((s) => s.forkedFrom)!;
    const original = store.summaryMap().get(fork.forkedFrom!)!;
    const theirs = report.session.filter((c) => c.period === fork.id || c.period === original.id);
    const sum = (f: (c: CcusageSession) => number) => theirs.reduce((a, c) => a + f(c), 0);
    expect(fork.tokens.input).toBeLessThan(original.tokens.input);
    expect(fork.total.tokens.input + original.total.tokens.input).toBe(sum((c) => c.inputTokens));
    expect(fork.total.cost + original.total.cost).toBeCloseTo(sum((c) => c.totalCost), 9);
  });

  it('where the definitions differ, said in words', () => {
    // A session whose only reply failed (every attempt overloaded) used no tokens: ccusage lists no
    // session for it; we list it (it has a prompt, retries and an error) with zero tokens.
    const failed = roots().filter((s) => s.tokens.input === 0 && s.messageCount > 0);
    expect(failed).toHaveLength(1);
    expect(report.session.some((c) => c.period === failed[0]!.id)).toBe(false);
    // A model ccusage has no price for: it counts $0 and names it unpriced; Claude Code recorded
    // what it charged (its fallback price, with hasUnknownModelCost) and that recorded cost is ours.
    expect(report.totals.unpricedModels).toEqual(['mystery-model-x']);
    const unknown = roots().find((s) => s.models.some((m) => m.endsWith('mystery-model-x')))!;
    expect(unknown.cost).toBeGreaterThan(0);
    const recorded = roots().reduce((a, s) => a + s.total.cost, 0);
    expect(recorded - unknown.total.cost).toBeCloseTo(report.totals.totalCost, 9);
  });
});
