// Time to first token on the real agents' fixtures: every reply's figure in the session database
// equals a straight computation over the agent's own files (test/support/raw-ttft.ts), and the
// tools & models page's median per model is the median of those.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { insightsQuerySchema } from '@/lib/insights/insights-query';
import { findDatabases, type DataLocations } from '@/lib/server/config';
import { openSqliteSessionDb } from '@/lib/server/db/sqlite/open-sqlite-session-db';
import { getInsights } from '@/lib/server/queries/get-insights';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import { claudeTtfts, ttftEntry, type RawTtfts } from '../support/raw-ttft';

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));
const at = (...parts: string[]) => path.join(fixtures, ...parts);
const none = at('none');

interface Shown {
  /** Every reply's ttft as the session database holds it. */
  replies: RawTtfts;
  /** The tools & models page: median per model. */
  medians: Record<string, number>;
}

async function shownFor(locations: Pick<DataLocations, 'opencodeDir'> & Partial<DataLocations>): Promise<Shown> {
  const sessionDb = openSqliteSessionDb(null);
  if (!sessionDb) throw new Error('better-sqlite3 is not loadable');
  const store = new Store(createReaders({ databases: findDatabases(locations.opencodeDir), ...locations }), { sessionDb });
  try {
    await store.start();
    const rows = sessionDb.connection.prepare('SELECT model_id, ttft FROM message WHERE ttft IS NOT NULL').all() as { model_id: string; ttft: number }[];
    const insights = getInsights(store, insightsQuerySchema.parse({ by: 'model' })).rows;
    return {
      replies: rows.map((r) => ttftEntry(r.model_id, r.ttft)).sort(),
      medians: Object.fromEntries(insights.flatMap((r) => (r.ttftP50Ms === undefined ? [] : [[r.label, r.ttftP50Ms]]))),
    };
  } finally {
    store.stop();
    sessionDb.close();
  }
}

/** Nearest-rank median per model of `model ms` entries, keyed as the page labels a model (`model (provider)`). */
function mediansOf(entries: RawTtfts, provider: string): Record<string, number> {
  const byModel = new Map<string, number[]>();
  for (const entry of entries) {
    const [model, ms] = entry.split(' ') as [string, string];
    byModel.set(model, [...(byModel.get(model) ?? []), Number(ms)]);
  }
  return Object.fromEntries([...byModel].map(([model, values]) => [`${model} (${provider})`, values.sort((a, b) => a - b)[Math.ceil(values.length / 2) - 1] ?? 0]));
}

describe('time to first token equals a straight computation over the raw files', () => {
  for (const version of ['2.1.328', '2.1.332']) {
    it(`claude-${version}: from each request to its reply's first line`, async () => {
      const root = at(`claude-${version}`, 'projects');
      const raw = claudeTtfts(root);
      expect(raw.length, 'the fixture has replies with a request before them').toBeGreaterThan(3);
      const shown = await shownFor({ opencodeDir: none, claudeDir: root });
      expect(shown.replies).toEqual(raw);
      expect(shown.medians).toEqual(mediansOf(raw, 'anthropic'));
    });
  }
});
