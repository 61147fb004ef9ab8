// Daily, weekly and monthly stats are summed per local day in SQL (the zone's offsets over the
// rows' range, lib/accounting/time-keys.ts zoneOffsetSpans): round the clock, across every change of
// a zone's offset, they equal the in-memory sum message by message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeStats } from '@/lib/accounting/compute-stats';
import { assistant, session, sonnetOnly, tokens } from '@/lib/accounting/test-data';
import type { MessageInfo } from '@/lib/model/message';
import { SessionDbWriter } from '@/lib/server/db/ingest/session-db-writer';
import { statsPlan } from '@/lib/server/db/queries/stats';
import { runSync } from '@/lib/server/db/query-plan';
import { openSqliteSessionDb } from '@/lib/server/db/sqlite/open-sqlite-session-db';
import type { SqliteSessionDb } from '@/lib/server/db/sqlite/sqlite-session-db';
import { emptyChangeSet } from '@/lib/server/readers/read-result';
import { statsQuerySchema } from '@/lib/stats/stats-query';

const START = Date.UTC(2026, 1, 20);
const END = Date.UTC(2026, 10, 20);
// Every 35 minutes: every local hour and quarter of it comes round, on both sides of each change.
const messages: MessageInfo[] = [];
for (let t = START, i = 0; t < END; t += 35 * 60_000, i++) {
  messages.push(assistant({ id: `m${i}`, sessionID: 's0', cost: 0.001 * (i % 7), tokens: tokens({ input: 100 + (i % 13), output: 10 + (i % 5) }), time: { created: t }, providerID: 'anthropic', modelID: 'claude-sonnet-4-5' }));
}
const sessions = [session('s0', undefined, 'p0')];

let db: SqliteSessionDb;
let sourceIds: number[];
beforeAll(() => {
  db = openSqliteSessionDb(null)!;
  const writer = new SessionDbWriter(db);
  const id = writer.sourceId('opencode-sqlite', '/data', 10);
  writer.apply(id, { ...emptyChangeSet(), projects: [{ id: 'p0', worktree: '/work/p0', source: 'opencode-sqlite' }], sessions, messages });
  sourceIds = [id];
});
afterAll(() => db.close());

describe('stats by local day, week and month', () => {
  for (const timeZone of ['America/New_York', 'Europe/Paris', 'Australia/Lord_Howe', 'Asia/Kathmandu', '-07:00', 'UTC']) {
    it(`equal the sum of the messages in ${timeZone}`, () => {
      for (const groupBy of ['day', 'week', 'month'] as const) {
        for (const range of [{}, { from: Date.UTC(2026, 2, 8), to: Date.UTC(2026, 3, 5) }]) {
          const query = statsQuerySchema.parse({ groupBy, ...range, timeZone });
          const expected = computeStats({ sessions, messages, groupBy, filters: { from: query.from, to: query.to }, timeZone, prices: sonnetOnly, usage: 'message', projects: [] });
          const actual = runSync(db, statsPlan('sqlite', query, { sourceIds, prices: sonnetOnly }));
          expect(actual.groups?.length, `${groupBy} ${JSON.stringify(range)}`).toBeGreaterThan(1);
          expect(actual.groups?.map((g) => [g.key, g.figure.messages, g.figure.tokens.input])).toEqual(expected.groups?.map((g) => [g.key, g.figure.messages, g.figure.tokens.input]));
        }
      }
    });
  }
});
