// `sessionscope report daily --json` on each real agent's fixture: the figures are the dashboard's
// own (/api/stats's getStats on a store read from the same files), run after run.
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDatabases, type DataLocations } from '@/lib/server/config';
import { priceFromConfig } from '@/lib/server/pricing/price-from-config';
import { getStats } from '@/lib/server/queries/get-stats';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import type { ReportJson } from '@/lib/reports/report-json';
import { runCli } from '../support/run-cli';

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));
type Folder = 'opencode' | 'claude' | 'pi' | 'omp' | 'codex' | 'gemini';
const FLAG: Record<Folder, string> = { opencode: '--opencode-dir', claude: '--claude-dir', pi: '--pi-dir', omp: '--omp-dir', codex: '--codex-dir', gemini: '--gemini-dir' };

/** Each real agent's fixture and the folder it is (a copy: OpenCode's databases are never opened in place). */
const CASES: { name: string; folder: Folder; from: string }[] = [
  { name: 'OpenCode 1.1.65 (JSON tree)', folder: 'opencode', from: 'opencode-1.1.65' },
  { name: 'OpenCode 1.18.33 (database)', folder: 'opencode', from: 'opencode-1.18.33' },
  { name: 'OpenCode 1.2.27 (both stores)', folder: 'opencode', from: 'opencode-1.2.27-merged' },
  { name: 'oh-my-opencode 4.19.4', folder: 'opencode', from: 'omo-4.19.4/opencode' },
  { name: 'Claude Code 2.1.328', folder: 'claude', from: 'claude-2.1.328/projects' },
  { name: 'Claude Code 2.1.332', folder: 'claude', from: 'claude-2.1.332/projects' },
  { name: 'pi 0.73.1', folder: 'pi', from: 'pi-0.73.1/sessions' },
  { name: 'oh-my-pi 18.3.4', folder: 'omp', from: 'omp-18.3.4/sessions' },
  { name: 'Codex CLI 0.171.0', folder: 'codex', from: 'codex-0.171.0/sessions' },
  { name: 'Gemini CLI 0.61.0', folder: 'gemini', from: 'gemini-0.61.0' },
  { name: 'Gemini CLI 0.20.2', folder: 'gemini', from: 'gemini-0.20.2' },
];

let work: string;
beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'sessionscope-report-'));
  mkdirSync(path.join(work, 'empty'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

function prepare(c: (typeof CASES)[number], index: number): { dir: string; flags: string[]; locations: Partial<DataLocations> & { opencodeDir: string; databases: string[] } } {
  const dir = path.join(work, `case-${index}`);
  cpSync(path.join(fixtures, c.from), dir, { recursive: true });
  const empty = path.join(work, 'empty');
  const folders = Object.fromEntries((Object.keys(FLAG) as Folder[]).map((f) => [f, f === c.folder ? dir : empty])) as Record<Folder, string>;
  return {
    dir,
    flags: (Object.keys(FLAG) as Folder[]).flatMap((f) => [FLAG[f], folders[f]]),
    locations: { opencodeDir: folders.opencode, databases: findDatabases(folders.opencode), claudeDir: folders.claude, piDir: folders.pi, ompDir: folders.omp, codexDir: folders.codex, geminiDir: folders.gemini },
  };
}

async function dashboardStats(locations: Parameters<typeof createReaders>[0]) {
  const store = new Store(createReaders(locations));
  const pricing = priceFromConfig(store, { follow: false });
  try {
    await store.start();
    return getStats(store, { groupBy: 'day', timeZone: 'UTC' });
  } finally {
    store.stop();
    pricing.close();
  }
}

describe('report daily --json equals /api/stats', () => {
  it.each(CASES.map((c, i) => [c.name, c, i] as const))('%s', async (_name, c, index) => {
    const { flags, locations } = prepare(c, index);
    const home = path.join(work, `home-${index}`);
    mkdirSync(home);
    const stats = await dashboardStats(locations);
    expect(stats.total.messages).toBeGreaterThan(0);
    // The first run ingests the history into the session database; the second answers from it.
    for (const run of ['first', 'second']) {
      const { code, stdout, stderr } = await runCli(['report', 'daily', '--json', '--timezone', 'UTC', ...flags], { home });
      expect(code, `${run}: ${stderr}`).toBe(0);
      const report = JSON.parse(stdout) as ReportJson;
      expect(report.complete).toBe(true);
      expect(report.rows.map((r) => r.key), run).toEqual(stats.groups.map((g) => g.key));
      const t = report.totals;
      expect(t.messages, run).toBe(stats.total.messages);
      const { input, output, reasoning, cacheRead, cacheWrite } = t.tokens;
      expect({ input, output, reasoning, cacheRead, cacheWrite }, run).toEqual(stats.total.tokens);
      expect(t.apiCostUSD, run).toBeCloseTo(stats.total.computedCost, 9);
      expect(t.unpricedMessages, run).toBe(stats.total.unpricedMessages);
      if (c.folder === 'codex' || c.folder === 'gemini') {
        // These agents record no cost: said as such, never the $0 the stats hold for them.
        expect(stats.total.storedCost).toBe(0);
        expect(t.recordedCostUSD, run).toBeNull();
      } else expect(t.recordedCostUSD, run).toBeCloseTo(stats.total.storedCost, 9);
    }
  }, 120_000);
});
