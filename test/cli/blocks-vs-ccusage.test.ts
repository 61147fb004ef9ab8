// Five-hour blocks (`sessionscope report blocks --json`) beside ccusage 20.0.24's `blocks --json` on
// the same Claude Code files: the real fixtures, and a generated history with a long day and gaps
// whose last block is still running.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlockJson } from '@/lib/reports/blocks-json';
import { writeClaudeHistory } from '../support/claude-history';
import { runCli } from '../support/run-cli';

const exec = promisify(execFile);
const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));
const ccusageBin = fileURLToPath(new URL('../../node_modules/.bin/ccusage', import.meta.url));
const HOUR = 3_600_000;
const MINUTE = 60_000;

interface TheirBlock {
  id: string;
  startTime: string;
  endTime: string;
  actualEndTime: string | null;
  isActive: boolean;
  isGap: boolean;
  entries: number;
  tokenCounts: { inputTokens: number; outputTokens: number; cacheCreationInputTokens: number; cacheReadInputTokens: number };
  totalTokens: number;
  costUSD: number;
  models: string[];
  burnRate: { tokensPerMinute: number; costPerHour: number } | null;
}

let work: string;
beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'sessionscope-blocks-'));
  mkdirSync(path.join(work, 'empty'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function both(configDir: string): Promise<{ theirs: TheirBlock[]; ours: BlockJson[] }> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: work, CLAUDE_CONFIG_DIR: configDir, NO_COLOR: '1' };
  const { stdout } = await exec(ccusageBin, ['blocks', '--json', '--offline'], { env: env as NodeJS.ProcessEnv, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 });
  const empty = path.join(work, 'empty');
  const home = mkdtempSync(path.join(work, 'home-'));
  const run = await runCli(['report', 'blocks', '--json', '--claude-dir', path.join(configDir, 'projects'), '--opencode-dir', empty, '--pi-dir', empty, '--omp-dir', empty, '--codex-dir', empty, '--gemini-dir', empty], { home });
  expect(run.code, run.stderr).toBe(0);
  return { theirs: (JSON.parse(stdout) as { blocks: TheirBlock[] }).blocks, ours: (JSON.parse(run.stdout) as { blocks: BlockJson[] }).blocks };
}

/** What both define the same way: boundaries, state, messages and tokens. */
const shape = (b: TheirBlock | BlockJson) => ({
  id: b.id,
  startTime: b.startTime,
  endTime: b.endTime,
  actualEndTime: b.actualEndTime ?? null,
  isActive: b.isActive,
  isGap: b.isGap,
  entries: b.entries,
  tokens: [b.tokenCounts.inputTokens, b.tokenCounts.outputTokens, b.tokenCounts.cacheCreationInputTokens, b.tokenCounts.cacheReadInputTokens, b.totalTokens],
  models: b.models.map((m) => m.split('/').at(-1)),
});

function expectSameBlocks(theirs: TheirBlock[], ours: BlockJson[]): void {
  expect(ours.map(shape)).toEqual(theirs.map(shape));
  for (const [i, block] of theirs.entries()) {
    const mine = ours[i]!;
    // ccusage prices a model it does not know at $0; Claude Code recorded what it charged for it.
    if (block.models.includes('mystery-model-x')) expect(mine.costUSD).toBeGreaterThan(block.costUSD);
    else expect(mine.costUSD, block.id).toBeCloseTo(block.costUSD, 9);
    expect(mine.burnRate?.tokensPerMinute ?? null, block.id).toBe(block.burnRate?.tokensPerMinute ?? null);
  }
}

describe('report blocks equals ccusage blocks', () => {
  it.each(['claude-2.1.328', 'claude-2.1.332'])('on the real Claude Code fixture %s', async (name) => {
    const dir = path.join(work, name);
    cpSync(path.join(fixtures, name), dir, { recursive: true });
    const { theirs, ours } = await both(dir);
    expect(theirs.length).toBeGreaterThan(0);
    expectSameBlocks(theirs, ours);
  }, 120_000);

  it('on a generated history: a day longer than a block, gaps of more than five hours, a block running now', async () => {
    const now = Date.now();
    const base = Math.floor((now - 30 * HOUR) / HOUR) * HOUR;
    const starts = [
      base + 10 * MINUTE, base + 2 * HOUR, base + 4 * HOUR + 50 * MINUTE,
      // 5 h 20 min after the block's start, 1 h 20 min after the last message: a new block, no gap.
      base + 5 * HOUR + 20 * MINUTE,
      // 7 h of silence: a gap, then a block.
      base + 12 * HOUR + 30 * MINUTE, base + 13 * HOUR,
      // Running now.
      now - 40 * MINUTE, now - 10 * MINUTE,
    ];
    const dir = path.join(work, 'generated');
    writeClaudeHistory(dir, starts);
    const { theirs, ours } = await both(dir);
    expect(theirs.filter((b) => b.isGap)).toHaveLength(2);
    expect(theirs.filter((b) => !b.isGap)).toHaveLength(4);
    expect(theirs.at(-1)!.isActive).toBe(true);
    expectSameBlocks(theirs, ours);
    expect(ours.at(-1)!.projection!.totalTokens).toBeGreaterThan(ours.at(-1)!.totalTokens);
  }, 120_000);
});
