// A store over a data folder keeping a session database file, as the dashboard's runtime does.
import { findDatabases } from '@/lib/server/config';
import { openSqliteSessionDb } from '@/lib/server/db/sqlite/open-sqlite-session-db';
import { getStats } from '@/lib/server/queries/get-stats';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import { statsQuerySchema } from '@/lib/stats/stats-query';

export function storeOn(dataDir: string, sessionDbFile: string | null): Store {
  return new Store(createReaders({ opencodeDir: dataDir, databases: findDatabases(dataDir) }), { sessionDb: openSqliteSessionDb(sessionDbFile) });
}

export const byModel = statsQuerySchema.parse({ groupBy: 'model' });

/** What /api/stats?groupBy=model answers, rounded the way a page shows it. */
export function modelFigures(store: Store) {
  const { total, groups, complete } = getStats(store, byModel);
  return { complete, messages: total.messages, cost: Number(total.storedCost.toFixed(9)), tokens: total.tokens, groups: groups.map((g) => [g.key, g.figure.messages, Number(g.figure.storedCost.toFixed(9))]) };
}

/** Every row the database holds for the store's sources (what a restart must leave equal to a cold ingest). */
export function databaseRows(store: Store) {
  const db = store.sessionDb!;
  const ids = db.sourceIds().join(',');
  const conn = db.db.connection;
  const keyOf = conn.prepare(`SELECT id, key FROM source WHERE id IN (${ids})`).all() as { id: number; key: string }[];
  const key = new Map(keyOf.map((r) => [r.id, r.key]));
  const rows = (table: string) =>
    (conn.prepare(`SELECT * FROM ${table} WHERE source_id IN (${ids})`).all() as Record<string, unknown>[])
      // A total's cost is a running sum (added and taken out as sessions change): equal to the cent's billionth.
      .map((r) => JSON.stringify({ ...r, source_id: key.get(r.source_id as number), ...(table === 'usage_total' ? { cost: Number((r.cost as number).toFixed(9)) } : {}) }))
      .sort();
  return { projects: rows('project'), sessions: rows('session'), messages: rows('message'), parts: rows('part'), totals: rows('usage_total') };
}

/** Every session's summary as the session table and its pages read it, by id. */
export function summaryList(store: Store) {
  return [...store.summaryMap().values()].sort((a, b) => (a.id < b.id ? -1 : 1));
}
