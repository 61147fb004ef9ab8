// A command (`sessionscope report ...`) answers once the whole read is in: Claude Code's transcripts
// are read once for it, without the first pass that totals their usage early for the dashboard.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openLocalHistory } from '@/lib/server/cli/local-history';
import { ClaudeCodeReader } from '@/lib/server/readers/claude/claude-reader';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import { statsQuerySchema } from '@/lib/stats/stats-query';
import { getStats } from '@/lib/server/queries/get-stats';

const CLAUDE = fileURLToPath(new URL('../fixtures/claude-2.1.332/projects/', import.meta.url));
const dirs: string[] = [];
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A home with only Claude Code's transcripts (a copy of the real fixture's), the cache in it. */
function home(): { env: Record<string, string>; claudeDir: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'sessionscope-reads-once-'));
  dirs.push(dir);
  const claudeDir = path.join(dir, 'projects');
  cpSync(CLAUDE, claudeDir, { recursive: true });
  const none = path.join(dir, 'none');
  return { claudeDir, env: { HOME: dir, XDG_CACHE_HOME: path.join(dir, 'cache'), SESSIONSCOPE_OPENCODE_DIR: none, SESSIONSCOPE_OMP_DIR: none, SESSIONSCOPE_PI_DIR: none, SESSIONSCOPE_CLAUDE_DIR: claudeDir, SESSIONSCOPE_CODEX_DIR: none, SESSIONSCOPE_GEMINI_DIR: none } };
}

const byModel = statsQuerySchema.parse({ groupBy: 'model' });

describe('a command on this machine\'s history', () => {
  it('reads Claude Code\'s transcripts once (no first pass), and answers what the dashboard does', async () => {
    const { env, claudeDir } = home();
    for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
    const firstPasses = vi.spyOn(ClaudeCodeReader.prototype as unknown as { usageFirst: () => Promise<unknown> }, 'usageFirst');
    const history = await openLocalHistory();
    const answer = getStats(history.store, byModel);
    history.close();
    expect(firstPasses).not.toHaveBeenCalled();
    expect(answer.complete).toBe(true);

    const dashboard = new Store(createReaders({ opencodeDir: env.SESSIONSCOPE_OPENCODE_DIR!, databases: [], claudeDir }));
    try {
      await dashboard.start();
      expect(firstPasses).toHaveBeenCalledTimes(1);
      expect(getStats(dashboard, byModel).total).toEqual(answer.total);
    } finally {
      dashboard.stop();
    }
  });
});
