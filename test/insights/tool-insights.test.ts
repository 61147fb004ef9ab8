// Tool and model insights on the real agents' fixtures: every tool's calls and failures equal
// straight sums over the agent's own files (test/support/raw-tool-calls.ts, the Codex/Gemini
// oracle), OpenCode's per-tool counts equal `opencode stats`, and replies per model and agent
// equal /api/stats.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { insightsQuerySchema } from '@/lib/insights/insights-query';
import { findDatabases, type DataLocations } from '@/lib/server/config';
import { openSqliteSessionDb } from '@/lib/server/db/sqlite/open-sqlite-session-db';
import { getInsights } from '@/lib/server/queries/get-insights';
import { getStats } from '@/lib/server/queries/get-stats';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import { statsQuerySchema } from '@/lib/stats/stats-query';
import { codexOracle, geminiOracle } from '../tools/codex-gemini-oracle';
import { claudeCalls, opencodeDbCalls, opencodeTreeCalls, piCalls, totalOf, type RawByTool } from '../support/raw-tool-calls';

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));
const at = (...parts: string[]) => path.join(fixtures, ...parts);
const none = at('none');

async function withStore<T>(locations: Pick<DataLocations, 'opencodeDir'> & Partial<DataLocations>, read: (store: Store) => T): Promise<T> {
  const store = new Store(createReaders({ databases: findDatabases(locations.opencodeDir), ...locations }), { sessionDb: openSqliteSessionDb(null) });
  try {
    await store.start();
    return read(store);
  } finally {
    store.stop();
  }
}

const byTool = (store: Store) => new Map(getInsights(store, insightsQuerySchema.parse({ by: 'tool' })).rows.map((r) => [r.key, { calls: r.calls, errors: r.errors }]));
const sorted = (m: ReadonlyMap<string, unknown>) => [...m].sort(([a], [b]) => (a < b ? -1 : 1));

function mergedRaw(): RawByTool {
  const inDb = at('opencode-1.2.27-merged', 'opencode.db');
  const out = opencodeDbCalls(inDb);
  // Sessions the database holds win over the tree's copies (OpenCode 1.2 imported them).
  // Immutable: a read-only open of a WAL database writes its -shm beside the committed fixture.
  const db = new Database(`${pathToFileURL(inDb).href}?immutable=1`, { readonly: true });
  const held = new Set(db.prepare('SELECT id FROM session').pluck().all() as string[]);
  db.close();
  for (const [tool, t] of opencodeTreeCalls(at('opencode-1.2.27-merged', 'storage'), held)) {
    const into = out.get(tool) ?? { calls: 0, errors: 0 };
    out.set(tool, { calls: into.calls + t.calls, errors: into.errors + t.errors });
  }
  return out;
}

const PER_TOOL: { name: string; locations: Pick<DataLocations, 'opencodeDir'> & Partial<DataLocations>; raw: () => RawByTool; opencodeStats?: string }[] = [
  { name: 'opencode-1.18.33 (database)', locations: { opencodeDir: at('opencode-1.18.33') }, raw: () => opencodeDbCalls(at('opencode-1.18.33', 'opencode.db')), opencodeStats: 'opencode-1.18.33' },
  { name: 'opencode-1.1.65 (JSON tree)', locations: { opencodeDir: at('opencode-1.1.65') }, raw: () => opencodeTreeCalls(at('opencode-1.1.65', 'storage')), opencodeStats: 'opencode-1.1.65' },
  { name: 'opencode-1.2.27 (both stores)', locations: { opencodeDir: at('opencode-1.2.27-merged') }, raw: mergedRaw, opencodeStats: 'opencode-1.2.27-merged' },
  { name: 'claude-2.1.328', locations: { opencodeDir: none, claudeDir: at('claude-2.1.328', 'projects') }, raw: () => claudeCalls(at('claude-2.1.328', 'projects')) },
  { name: 'claude-2.1.332', locations: { opencodeDir: none, claudeDir: at('claude-2.1.332', 'projects') }, raw: () => claudeCalls(at('claude-2.1.332', 'projects')) },
  { name: 'pi-0.73.1', locations: { opencodeDir: none, piDir: at('pi-0.73.1', 'sessions') }, raw: () => piCalls(at('pi-0.73.1', 'sessions')) },
  { name: 'omp-18.3.4', locations: { opencodeDir: none, ompDir: at('omp-18.3.4', 'sessions') }, raw: () => piCalls(at('omp-18.3.4', 'sessions')) },
];

describe('tool insights equal straight sums over the agents own files', () => {
  for (const c of PER_TOOL) {
    it(`${c.name}: every tool's calls and failures`, async () => {
      const raw = c.raw();
      expect(totalOf(raw).calls, 'the fixture has tool calls').toBeGreaterThan(0);
      const shown = await withStore(c.locations, byTool);
      expect(sorted(shown)).toEqual(sorted(raw));
      if (c.opencodeStats) {
        // OpenCode's own `opencode stats` per-tool counts, recorded with the fixture.
        const oracle = JSON.parse(readFileSync(at(c.opencodeStats, 'oracle.json'), 'utf8')) as { stats: { tools: Record<string, number> } };
        expect(Object.fromEntries([...shown].map(([tool, t]) => [tool, t.calls]))).toEqual(oracle.stats.tools);
      }
    });
  }

  it('codex-0.171.0 and gemini (0.20.2, 0.61.0): calls and failures equal the oracle over the raw files', async () => {
    const codexRoot = at('codex-0.171.0', 'sessions');
    const codex = await codexOracle(codexRoot);
    const shownCodex = await withStore({ opencodeDir: none, codexDir: codexRoot }, byTool);
    expect(totalOf(shownCodex)).toEqual({ calls: codex.totals.toolCalls, errors: codex.sessions.reduce((n, s) => n + s.toolErrors, 0) });
    for (const version of ['0.20.2', '0.61.0']) {
      const root = at(`gemini-${version}`);
      const gemini = await geminiOracle(root);
      const shown = await withStore({ opencodeDir: none, geminiDir: root }, byTool);
      expect(totalOf(shown), version).toEqual({ calls: gemini.totals.toolCalls, errors: gemini.sessions.reduce((n, s) => n + s.toolErrors, 0) });
    }
  });
});

describe('time to first token', () => {
  it('omp-18.3.4: per model, the median of the ttft its assistant messages record (nearest rank)', async () => {
    const root = at('omp-18.3.4', 'sessions');
    const byModel = new Map<string, number[]>();
    for (const name of readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.jsonl'))) {
      for (const line of readFileSync(path.join(root, name), 'utf8').split('\n')) {
        if (!line.trim()) continue;
        const entry = JSON.parse(line) as { type?: string; message?: { role?: string; provider?: string; model?: string; ttft?: number } };
        const m = entry.message;
        if (entry.type !== 'message' || m?.role !== 'assistant' || typeof m.ttft !== 'number') continue;
        const key = `${m.provider ?? ''}/${m.model ?? ''}`;
        byModel.set(key, [...(byModel.get(key) ?? []), m.ttft]);
      }
    }
    expect(byModel.size).toBeGreaterThan(0);
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.ceil(values.length / 2) - 1];
    const shown = await withStore({ opencodeDir: none, ompDir: root }, (store) => getInsights(store, insightsQuerySchema.parse({ by: 'model' })).rows);
    expect(Object.fromEntries(shown.filter((r) => r.ttftP50Ms !== undefined).map((r) => [r.key, r.ttftP50Ms]))).toEqual(Object.fromEntries([...byModel].map(([key, values]) => [key, median(values)])));
  });
});

describe('model and agent insights equal the stats', () => {
  it('replies per model and per agent are /api/stats messages, over every source at once', async () => {
    const locations = { opencodeDir: at('opencode-1.18.33'), claudeDir: at('claude-2.1.328', 'projects'), ompDir: at('omp-18.3.4', 'sessions'), codexDir: at('codex-0.171.0', 'sessions'), geminiDir: at('gemini-0.61.0') };
    await withStore(locations, (store) => {
      for (const by of ['model', 'agent'] as const) {
        const insights = getInsights(store, insightsQuerySchema.parse({ by }));
        expect(insights.complete).toBe(true);
        const stats = getStats(store, statsQuerySchema.parse({ groupBy: by }));
        const steps = Object.fromEntries(insights.rows.filter((r) => (r.steps ?? 0) > 0).map((r) => [r.key, [r.label, r.steps, r.output]]));
        expect(steps, by).toEqual(Object.fromEntries(stats.groups.map((g) => [g.key, [g.label, g.figure.messages, g.figure.tokens.output]])));
      }
    });
  });
});
