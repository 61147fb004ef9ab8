// The team database is the same schema and the same queries on a real PostgreSQL: migrations run
// once however many start at once, and stats answer exactly what the SQLite cache answers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sonnetOnly } from '@/lib/accounting/test-data';
import { queryBuilder } from '@/lib/server/db/builders';
import { SessionDbWriter } from '@/lib/server/db/ingest/session-db-writer';
import { insertRollup } from '@/lib/server/db/ingest/rollup';
import { messageRow, projectRow, sessionRow } from '@/lib/server/db/ingest/rows';
import { MIGRATIONS } from '@/lib/server/db/migrations';
import { migratePostgres } from '@/lib/server/db/postgres/migrate-postgres';
import type { PostgresSessionDb } from '@/lib/server/db/postgres/postgres-session-db';
import { statsPlan } from '@/lib/server/db/queries/stats';
import { runSync } from '@/lib/server/db/query-plan';
import { openSqliteSessionDb } from '@/lib/server/db/sqlite/open-sqlite-session-db';
import { emptyChangeSet } from '@/lib/server/readers/read-result';
import type { MessageInfo } from '@/lib/model/message';
import type { SessionInfo } from '@/lib/model/session';
import { statsQuerySchema, STATS_GROUPINGS } from '@/lib/stats/stats-query';
import { POSTGRES_UNAVAILABLE, postgresForFile } from '../support/postgres';

const { freshDatabase } = postgresForFile('sessions');

const kinds = ['opencode-sqlite', 'claude', 'pi'] as const;
const history = fc.record({
  sessions: fc.array(fc.record({ kind: fc.constantFrom(...kinds), project: fc.nat(2), parent: fc.option(fc.nat(5), { nil: undefined }) }), { minLength: 1, maxLength: 6 }),
  messages: fc.array(
    fc.record({ session: fc.nat(5), cost: fc.nat(10_000), input: fc.nat(300_000), output: fc.nat(9_000), cacheRead: fc.nat(200_000), // Often minutes around midnight: a quarter hour's rounding shows as a message on the wrong day.
      minutes: fc.oneof(fc.nat(60 * 24 * 60), fc.tuple(fc.nat(59), fc.integer({ min: -8, max: 7 })).map(([day, offset]) => Math.max(0, day * 1440 + offset))), provider: fc.constantFrom('anthropic', 'mystery', undefined), agent: fc.constantFrom('build', 'Sisyphus', undefined) }),
    { maxLength: 40 },
  ),
});

function records(data: typeof history extends fc.Arbitrary<infer T> ? T : never): { sessions: SessionInfo[]; messages: MessageInfo[] } {
  const sessions = data.sessions.map((s, i): SessionInfo => ({ id: `s${i}`, source: s.kind, projectID: `p${s.project}`, directory: `/w/p${s.project}`, ...(s.parent !== undefined && s.parent < i ? { parentID: `s${s.parent}` } : {}), title: `Session ${i}`, time: { created: 1, updated: 2 }, origin: 'test' }));
  const messages = data.messages
    .filter((m) => m.session < sessions.length)
    .map((m, i): MessageInfo => ({ id: `m${i}`, sessionID: `s${m.session}`, role: 'assistant', time: { created: Date.UTC(2026, 2, 1) + m.minutes * 60_000 + i }, providerID: m.provider, modelID: 'claude-sonnet-4-5', agent: m.agent, cost: m.cost / 1000, tokens: { input: m.input, output: m.output, reasoning: 0, cacheRead: m.cacheRead, cacheWrite: 0 } }));
  return { sessions, messages };
}

/** What a publisher will write: the rows of one source, and their usage rows, in one transaction. */
async function publish(db: PostgresSessionDb, sourceId: number, data: ReturnType<typeof records>): Promise<void> {
  const k = queryBuilder('postgres');
  await db.transaction(async (client) => {
    await db.run(k.insertInto('source').values({ id: sourceId, key: `test:${sourceId}`, kind: 'opencode-sqlite', path: '/test', priority: 10, complete_as: null }).compile(), client);
    await db.run(k.insertInto('project').values([projectRow(sourceId, { id: 'p0', name: 'zero', worktree: '/w/p0', source: 'opencode-sqlite' })]).compile(), client);
    if (data.sessions.length > 0) await db.run(k.insertInto('session').values(data.sessions.map((s) => sessionRow(sourceId, s))).compile(), client);
    if (data.messages.length > 0) await db.run(k.insertInto('message').values(data.messages.map((m) => messageRow(sourceId, m))).compile(), client);
    for (const s of data.sessions) await db.run(insertRollup('postgres', sourceId, s.id), client);
  });
}

describe.skipIf(POSTGRES_UNAVAILABLE !== undefined)('the session database on a real PostgreSQL', () => {
  it('migrates once when many publishers start at once, and a second run applies nothing', async () => {
    const db = freshDatabase().db;
    try {
      const results = await Promise.all(Array.from({ length: 5 }, () => migratePostgres(db)));
      expect(results.map((r) => r.applied).sort()).toEqual([0, 0, 0, 0, MIGRATIONS.length]);
      expect(await migratePostgres(db)).toEqual({ applied: 0 });
      const rows = await db.all(queryBuilder('postgres').selectFrom('schema_migration').select(['version', 'name']).compile());
      expect(rows.map((r) => [r.version, r.name])).toEqual(MIGRATIONS.map((m) => [m.version, m.name]));
    } finally {
      await db.close();
    }
  });

  it('refuses a database a newer build migrated, and changes nothing in it', async () => {
    const db = freshDatabase().db;
    try {
      await migratePostgres(db);
      await db.run(queryBuilder('postgres').insertInto('schema_migration').values({ version: 999, name: 'from-the-future', applied_at: 1 }).compile());
      await expect(migratePostgres(db)).rejects.toThrow(/newer than this Sessionscope/);
      expect((await db.all(queryBuilder('postgres').selectFrom('schema_migration').select('version').compile())).length).toBe(MIGRATIONS.length + 1);
    } finally {
      await db.close();
    }
  });

  it('answers every grouping exactly as the SQLite cache does on the same history', { timeout: 120_000 }, async () => {
    const db = freshDatabase().db;
    await migratePostgres(db);
    let run = 0;
    try {
      await fc.assert(
        fc.asyncProperty(history, fc.constantFrom(...STATS_GROUPINGS), fc.constantFrom('UTC', 'Asia/Kolkata', 'America/New_York'), fc.option(fc.constantFrom('Sisyphus', 'build'), { nil: undefined }), async (data, groupBy, timeZone, agent) => {
          const sourceId = ++run;
          const built = records(data);
          await publish(db, sourceId, built);
          const sqlite = openSqliteSessionDb(null)!;
          try {
            const writer = new SessionDbWriter(sqlite);
            const localId = writer.sourceId('opencode-sqlite', '/test', 10);
            writer.apply(localId, { ...emptyChangeSet(), projects: [{ id: 'p0', name: 'zero', worktree: '/w/p0', source: 'opencode-sqlite' }], sessions: built.sessions, messages: built.messages });
            const query = statsQuerySchema.parse({ groupBy, timeZone, ...(agent ? { agent } : {}), from: Date.UTC(2026, 2, 10), to: Date.UTC(2026, 3, 1) });
            const local = runSync(sqlite, statsPlan('sqlite', query, { sourceIds: [localId], prices: sonnetOnly }));
            const team = await db.answer(statsPlan('postgres', query, { sourceIds: [sourceId], prices: sonnetOnly }));
            expect(JSON.parse(JSON.stringify(team, (_k, v: unknown) => (typeof v === 'number' ? Number(v.toFixed(9)) : v)))).toEqual(JSON.parse(JSON.stringify(local, (_k, v: unknown) => (typeof v === 'number' ? Number(v.toFixed(9)) : v))));
          } finally {
            sqlite.close();
          }
        }),
        { numRuns: 40 },
      );
    } finally {
      await db.close();
    }
  });
});
