// Time to first token on the real agents' fixtures: every reply's figure in the session database
// equals a straight computation over the agent's own files (test/support/raw-ttft.ts), and the
// tools & models page's median per model is the median of those.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { insightsQuerySchema } from '@/lib/insights/insights-query';
import { findDatabases, type DataLocations } from '@/lib/server/config';
import { queryBuilder } from '@/lib/server/db/builders';
import { ownedSessions } from '@/lib/server/db/queries/owned-sessions';
import { openSqliteSessionDb } from '@/lib/server/db/sqlite/open-sqlite-session-db';
import { getInsights } from '@/lib/server/queries/get-insights';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import Database from 'better-sqlite3';
import { pathToFileURL } from 'node:url';
import { claudeTtfts, opencodeDbTtfts, opencodeTreeTtfts, ttftEntry, type RawTtfts } from '../support/raw-ttft';

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
    // The sessions the dashboard shows (OpenCode 1.2's database wins over the tree's copies it imported).
    const replies = queryBuilder('sqlite')
      .with('owned', () => ownedSessions('sqlite', store.sessionDb?.sourceIds() ?? []))
      .selectFrom('message as m')
      .innerJoin('owned as o', (join) => join.onRef('o.source_id', '=', 'm.source_id').onRef('o.id', '=', 'm.session_id'))
      .select(['m.model_id', 'm.ttft'])
      .where('m.ttft', 'is not', null);
    const rows = sessionDb.all(replies.compile()) as { model_id: string; ttft: number }[];
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

  it('opencode-1.18.33 (database): from each reply\'s creation to its first text, reasoning or tool part', async () => {
    const raw = opencodeDbTtfts(at('opencode-1.18.33', 'opencode.db'));
    expect(raw.length).toBeGreaterThan(10);
    const shown = await shownFor({ opencodeDir: at('opencode-1.18.33') });
    expect(shown.replies).toEqual(raw);
    expect(shown.medians).toEqual(mediansOf(raw, 'scripted'));
  });

  it('opencode-1.1.65 (JSON tree): the same from the parts\' own times', async () => {
    const raw = opencodeTreeTtfts(at('opencode-1.1.65', 'storage'));
    expect(raw.length).toBeGreaterThan(10);
    const shown = await shownFor({ opencodeDir: at('opencode-1.1.65') });
    expect(shown.replies).toEqual(raw);
  });

  it('opencode-1.2.27 (both stores): rows 1.2 imported are dated at the import, their parts\' own times count', async () => {
    const inDb = at('opencode-1.2.27-merged', 'opencode.db');
    // Sessions the database holds win over the tree's copies. Immutable: a read-only open of a WAL database writes its -shm.
    const db = new Database(`${pathToFileURL(inDb).href}?immutable=1`, { readonly: true });
    const held = new Set(db.prepare('SELECT id FROM session').pluck().all() as string[]);
    db.close();
    const raw = [...opencodeDbTtfts(inDb), ...opencodeTreeTtfts(at('opencode-1.2.27-merged', 'storage'), held)].sort();
    const shown = await shownFor({ opencodeDir: at('opencode-1.2.27-merged') });
    expect(shown.replies).toEqual(raw);
  });
});
