// Tool durations' percentiles and failure counts as SQL computes them, on the SQLite cache and on a
// real PostgreSQL (the same query compiled for each): nearest rank over the calls with both times.
import { describe, expect, it } from 'vitest';
import { queryBuilder } from '@/lib/server/db/builders';
import { SessionDbWriter } from '@/lib/server/db/ingest/session-db-writer';
import { messageRow, partRow, projectRow, sessionRow } from '@/lib/server/db/ingest/rows';
import { migratePostgres } from '@/lib/server/db/postgres/migrate-postgres';
import { openPostgresSessionDb } from '@/lib/server/db/postgres/postgres-session-db';
import { insightsPlan } from '@/lib/server/db/queries/insights';
import { runSync } from '@/lib/server/db/query-plan';
import { openSqliteSessionDb } from '@/lib/server/db/sqlite/open-sqlite-session-db';
import { emptyChangeSet } from '@/lib/server/readers/read-result';
import { insightTable } from '@/lib/insights/insight-table';
import type { MessageInfo } from '@/lib/model/message';
import type { PartMeta } from '@/lib/model/part-meta';
import type { SessionInfo } from '@/lib/model/session';
import { POSTGRES_UNAVAILABLE, postgresForFile } from '../support/postgres';

const T0 = Date.UTC(2026, 10, 1);
const sessions: SessionInfo[] = [{ id: 's1', source: 'claude', projectID: 'p0', directory: '/w/p0', title: 'One', time: { created: T0, updated: T0 }, origin: 'test' }];
const messages: MessageInfo[] = [
  { id: 'm1', sessionID: 's1', role: 'assistant', time: { created: T0, completed: T0 + 4_000 }, providerID: 'anthropic', modelID: 'claude-sonnet-4-5', agent: 'build', cost: 0, tokens: { input: 10, output: 200, reasoning: 0, cacheRead: 0, cacheWrite: 0 }, ttft: 300 },
  { id: 'm2', sessionID: 's1', role: 'assistant', time: { created: T0 + 10_000 }, providerID: 'anthropic', modelID: 'claude-sonnet-4-5', agent: 'build', cost: 0, tokens: { input: 10, output: 50, reasoning: 0, cacheRead: 0, cacheWrite: 0 }, ttft: 100 },
];
/** `bash` ran 20 times (1..20 s; the 3rd and 7th failed, the 9th turned down), once more still running; `read` once. */
const parts: PartMeta[] = [
  ...Array.from({ length: 20 }, (_, i): PartMeta => ({
    id: `b${i}`, messageID: i % 2 ? 'm1' : 'm2', sessionID: 's1', type: 'tool', tool: 'bash',
    status: i === 2 || i === 6 || i === 8 ? 'error' : 'completed', ...(i === 8 ? { rejected: true } : {}),
    created: T0 + 1_000 * i, end: T0 + 1_000 * i + 1_000 * (20 - i),
  })),
  { id: 'b-running', messageID: 'm2', sessionID: 's1', type: 'tool', tool: 'bash', status: 'running', created: T0 },
  { id: 'r1', messageID: 'm1', sessionID: 's1', type: 'tool', tool: 'read', status: 'completed', created: T0, end: T0 + 250 },
  { id: 't1', messageID: 'm1', sessionID: 's1', type: 'text', created: T0 },
];
const project = { id: 'p0', name: 'zero', worktree: '/w/p0', source: 'claude' as const };

function sqliteAnswer(by: 'tool' | 'model' | 'agent') {
  const db = openSqliteSessionDb(null)!;
  try {
    const writer = new SessionDbWriter(db);
    const id = writer.sourceId('claude', '/test', 0);
    writer.apply(id, { ...emptyChangeSet(), projects: [project], sessions, messages, parts });
    return insightTable(runSync(db, insightsPlan('sqlite', by, [id], {})));
  } finally {
    db.close();
  }
}

describe('tool insights in SQL', () => {
  it('counts calls and failures (a call turned down is not a failure) and takes nearest-rank percentiles of the calls that ended', () => {
    const [bash, read] = sqliteAnswer('tool');
    expect(bash).toMatchObject({ key: 'bash', calls: 21, errors: 2, rejected: 1, errorRate: 2 / 21, p50Ms: 10_000, p95Ms: 19_000 });
    expect(read).toMatchObject({ key: 'read', calls: 1, errors: 0, p50Ms: 250, p95Ms: 250 });
  });

  it('per model: replies, output per second of the replies that record their end, median time to first token, and the calls made in them', () => {
    const [model] = sqliteAnswer('model');
    expect(model).toMatchObject({ key: 'anthropic/claude-sonnet-4-5', label: 'claude-sonnet-4-5 (anthropic)', steps: 2, output: 250, outputPerSecond: 50, ttftP50Ms: 100, calls: 22 });
  });
});

const postgres = postgresForFile('insights');

describe.skipIf(POSTGRES_UNAVAILABLE !== undefined)('tool insights on a real PostgreSQL', () => {
  it('answer what the SQLite cache answers, for tools, models and agents', async () => {
    postgres.server().createDatabase('insights');
    const db = openPostgresSessionDb(postgres.server().url('insights'));
    try {
      await migratePostgres(db);
      const k = queryBuilder('postgres');
      await db.transaction(async (client) => {
        await db.run(k.insertInto('source').values({ id: 7, key: 'test:7', kind: 'claude', path: '/test', priority: 0, complete_as: null }).compile(), client);
        await db.run(k.insertInto('project').values(projectRow(7, project)).compile(), client);
        await db.run(k.insertInto('session').values(sessions.map((s) => sessionRow(7, s))).compile(), client);
        await db.run(k.insertInto('message').values(messages.map((m) => messageRow(7, m))).compile(), client);
        await db.run(k.insertInto('part').values(parts.map((p) => partRow(7, p))).compile(), client);
      });
      for (const by of ['tool', 'model', 'agent'] as const) expect(insightTable(await db.answer(insightsPlan('postgres', by, [7], {}))), by).toEqual(sqliteAnswer(by));
    } finally {
      await db.close();
    }
  });
});
