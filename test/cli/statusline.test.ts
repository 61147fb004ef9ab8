// `sessionscope statusline` as Claude Code runs it: its status-line JSON on stdin, one line out,
// answered from the session database (a background refresh ingests what changed).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCost } from '@/lib/format/format-cost';
import type { BlockJson } from '@/lib/reports/blocks-json';
import type { ReportJson } from '@/lib/reports/report-json';
import { writeClaudeHistory } from '../support/claude-history';
import { runCli } from '../support/run-cli';

const MINUTE = 60_000;
let work: string;
let flags: string[];
let sessionID: string;
let stdin: string;
let transcript: string;

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'sessionscope-statusline-'));
  const empty = path.join(work, 'empty');
  mkdirSync(empty);
  const now = Date.now();
  // A session of yesterday (not today's spend), then three of the last hour: one block, running now; the last is "this" session.
  sessionID = writeClaudeHistory(path.join(work, 'claude'), [now - 30 * 60 * MINUTE, now - 50 * MINUTE, now - 30 * MINUTE, now - 5 * MINUTE]).at(-1)!;
  transcript = path.join(work, 'claude', 'projects', '-home-user-work-history', `${sessionID}.jsonl`);
  stdin = JSON.stringify({ session_id: sessionID, transcript_path: transcript, cwd: '/home/user/work/history', model: { id: 'claude-sonnet-4-5', display_name: 'Sonnet 4.5' }, workspace: { current_dir: '/home/user/work/history' } });
  flags = ['--claude-dir', path.join(work, 'claude', 'projects'), '--opencode-dir', empty, '--pi-dir', empty, '--omp-dir', empty, '--codex-dir', empty, '--gemini-dir', empty, '--timezone', 'UTC'];
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The prompt of the transcript's last response, summed straight from the file: how full the context is. */
function lastPromptTokens(): number {
  const usages = readFileSync(transcript, 'utf8').split('\n').filter((l) => l.includes('"type":"assistant"')).map((l) => (JSON.parse(l) as { message: { usage: Record<string, number> } }).message.usage);
  const u = usages.at(-1)!;
  return (u.input_tokens ?? 0) + (u.cache_read_input_tokens ?? 0) + (u.cache_creation_input_tokens ?? 0);
}

describe('statusline', () => {
  it("prints today's spend, the active block and this session's context use, as the reports count them", async () => {
    const home = path.join(work, 'home-ingest');
    const line = await runCli(['statusline', '--ingest', ...flags], { home, stdin });
    expect(line.code, line.stderr).toBe(0);
    const daily = JSON.parse((await runCli(['report', 'daily', '--json', ...flags], { home })).stdout) as ReportJson;
    const blocks = (JSON.parse((await runCli(['report', 'blocks', '--json', ...flags], { home })).stdout) as { blocks: BlockJson[] }).blocks;
    const today = daily.rows.find((r) => r.key === new Date().toISOString().slice(0, 10))!;
    const active = blocks.find((b) => b.isActive)!;
    expect(line.stdout.trim().split('\n')).toHaveLength(1);
    expect(line.stdout).toContain(`today ${formatCost(today.recordedCostUSD!)}`);
    expect(line.stdout).toMatch(new RegExp(`block \\${formatCost(active.costUSD)} \\(\\d+h\\d\\dm left, \\$[\\d.]+/h, \\$[\\d.]+ at end\\)`));
    const used = lastPromptTokens();
    expect(used).toBeGreaterThan(0);
    expect(line.stdout).toMatch(new RegExp(`ctx (<1|\\d+)% ${(used / 1000).toFixed(1).replace(/\.0$/, '')}k/`));
  }, 120_000);

  it('answers at once from the database as it stands (marked ~) and refreshes it in the background; the next line is current', async () => {
    const home = path.join(work, 'home-background');
    const first = await runCli(['statusline', ...flags], { home, stdin });
    expect(first.code, first.stderr).toBe(0);
    // A fresh cache: nothing ingested yet, and said so.
    expect(first.stdout.trim()).toBe('today ~$0.00 | no active block');
    const lock = path.join(home, '.cache', 'sessionscope', 'statusline-refresh.lock');
    await expect.poll(() => existsSync(lock), { timeout: 60_000 }).toBe(false);
    const next = await runCli(['statusline', ...flags], { home, stdin });
    expect(next.stdout).not.toContain('~');
    expect(next.stdout).toMatch(/^today \$[\d.]+ \| block \$[\d.]+ \(/);
  }, 120_000);
});
