// `sessionscope report` beside ccusage 20.0.24 (a devDependency, its own reading of the same files)
// on the real Claude Code fixture, where both define a figure the same way; and what a person sees
// of the command itself: its JSON, and its table in a narrow terminal.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportJson } from '@/lib/reports/report-json';
import { runCli } from '../support/run-cli';
import { CLAUDE_VERSION } from '../tools/agent-bins';

const exec = promisify(execFile);
const fixture = fileURLToPath(new URL(`../fixtures/claude-${CLAUDE_VERSION}/`, import.meta.url));
const ccusageBin = fileURLToPath(new URL('../../node_modules/.bin/ccusage', import.meta.url));

interface CcusageDay {
  period: string;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheCreationTokens: number;
  modelBreakdowns: { modelName: string; cost: number; inputTokens: number; outputTokens: number; cacheReadTokens: number; cacheCreationTokens: number }[];
}

let tmp: string;
let flags: string[];
const home = () => path.join(tmp, 'home');
beforeAll(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'sessionscope-report-ccusage-'));
  cpSync(fixture, path.join(tmp, 'claude'), { recursive: true });
  mkdirSync(path.join(tmp, 'empty'));
  mkdirSync(home());
  const empty = path.join(tmp, 'empty');
  flags = ['--claude-dir', path.join(tmp, 'claude', 'projects'), '--opencode-dir', empty, '--pi-dir', empty, '--omp-dir', empty, '--codex-dir', empty, '--gemini-dir', empty];
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function ccusage<T>(args: string[]): Promise<T> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: tmp, CLAUDE_CONFIG_DIR: path.join(tmp, 'claude'), NO_COLOR: '1' };
  const { stdout } = await exec(ccusageBin, [...args, '--json', '--offline'], { env: env as NodeJS.ProcessEnv, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as T;
}

async function report(args: string[], env?: Record<string, string>) {
  const run = await runCli(['report', ...args, ...flags], { home: home(), env });
  expect(run.code, run.stderr).toBe(0);
  return run.stdout;
}

describe(`report on the Claude Code ${CLAUDE_VERSION} fixture`, () => {
  it("daily: each day's tokens are ccusage's, and each model's recorded cost where ccusage prices the model", async () => {
    const theirs = (await ccusage<{ daily: CcusageDay[] }>(['daily', '--timezone', 'UTC'])).daily;
    const ours = JSON.parse(await report(['daily', '--json', '--breakdown', '--timezone', 'UTC'])) as ReportJson;
    expect(ours.rows.map((r) => r.key)).toEqual(theirs.map((d) => d.period));
    let compared = 0;
    for (const day of theirs) {
      const row = ours.rows.find((r) => r.key === day.period)!;
      expect([row.tokens.input, row.tokens.output + row.tokens.reasoning, row.tokens.cacheRead, row.tokens.cacheWrite], day.period).toEqual([day.inputTokens, day.outputTokens, day.cacheReadTokens, day.cacheCreationTokens]);
      for (const model of day.modelBreakdowns) {
        const mine = row.models!.find((m) => m.key.endsWith(`/${model.modelName}`))!;
        expect(mine.tokens.input, model.modelName).toBe(model.inputTokens);
        // ccusage leaves a model it has no price for at $0; Claude Code recorded what it charged.
        if (model.cost > 0) {
          expect(mine.recordedCostUSD, model.modelName).toBeCloseTo(model.cost, 9);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThanOrEqual(2);
  }, 120_000);

  it('--json: rows with their key, tokens by kind and costs with their status; --since/--until keep whole days', async () => {
    const all = JSON.parse(await report(['daily', '--json', '--timezone', 'UTC'])) as ReportJson;
    expect(all).toMatchObject({ report: 'daily', timeZone: 'UTC', complete: true });
    const first = all.rows[0]!;
    expect(Object.keys(first).sort()).toEqual(['apiCostUSD', 'key', 'label', 'messages', 'recordedCostPartial', 'recordedCostUSD', 'tokens', 'unpricedMessages', 'unpricedModels']);
    expect(Object.keys(first.tokens).sort()).toEqual(['cacheRead', 'cacheWrite', 'input', 'output', 'reasoning', 'total']);
    expect(first.tokens.total).toBe(first.tokens.input + first.tokens.output + first.tokens.reasoning + first.tokens.cacheRead + first.tokens.cacheWrite);
    const day = first.key;
    const one = JSON.parse(await report(['daily', '--json', '--timezone', 'UTC', '--since', day, '--until', day.replaceAll('-', '')])) as ReportJson;
    expect(one.rows).toEqual([first]);
    const after = JSON.parse(await report(['daily', '--json', '--timezone', 'UTC', '--since', '2099-01-01'])) as ReportJson;
    expect(after.rows).toEqual([]);
    expect(after.totals.messages).toBe(0);
  }, 120_000);

  it('a 60-column terminal: every line fits, the costs stay, the token kinds give way', async () => {
    const text = await report(['session', '--timezone', 'UTC'], { COLUMNS: '60' });
    const lines = text.trimEnd().split('\n');
    const table = lines.slice(0, lines.findIndex((l) => l.startsWith('Total')) + 1);
    expect(table.length).toBeGreaterThan(4);
    for (const line of table) expect([...line].length).toBeLessThanOrEqual(60);
    expect(table[0]).toMatch(/^Session\s+.*Recorded\s+API price$/);
    expect(table[0]).not.toContain('Cache read');
  }, 120_000);

  it('refuses what it cannot answer, with exit code 2', async () => {
    const bad = await runCli(['report', 'hourly', ...flags], { home: home() });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('no report "hourly"');
    const badDay = await runCli(['report', 'daily', '--since', '2026-13-01', ...flags], { home: home() });
    expect(badDay.code).toBe(2);
    expect(badDay.stderr).toContain('not a day');
  }, 120_000);
});
