// Tool calls (name, outcome, times; never their input or output) and each session's status as the
// machine's dashboard infers it reach the team database, follow changes on the machine, and answer
// the team's "what runs now" and tool queries, on a real PostgreSQL.
import { describe, expect, it } from 'vitest';
import type { PartMeta } from '@/lib/model/part-meta';
import { queryBuilder } from '@/lib/server/db/builders';
import { openPostgresSessionDb, type PostgresSessionDb } from '@/lib/server/db/postgres/postgres-session-db';
import { publish, type PublishOptions } from '@/lib/server/db/publish/publisher';
import { teamSessionsPlan } from '@/lib/server/db/queries/team-sessions';
import { teamToolsPlan } from '@/lib/server/db/queries/team-tools';
import { emptyChangeSet } from '@/lib/server/readers/read-result';
import { teamSessionsQuerySchema, teamToolsQuerySchema } from '@/lib/team/team-query';
import { POSTGRES_UNAVAILABLE, postgresForFile } from '../support/postgres';
import { localHistory, type LocalHistory } from './support/synthetic-history';

const postgres = postgresForFile('calls');

const BASE = 1_767_225_600_000;
const call = (id: string, session: number, tool: string | undefined, extra: Partial<PartMeta> = {}): PartMeta => ({ id, sessionID: `t${session}`, messageID: `mt${session}-0`, type: tool ? 'tool' : 'text', created: BASE + 1_000, ...(tool ? { tool, status: 'completed', end: BASE + 3_000 } : {}), ...extra });

const options = (local: LocalHistory, team: PostgresSessionDb, extra: Partial<PublishOptions> = {}): PublishOptions => ({ local: local.db, sourceIds: [local.sourceId], team, machine: 'laptop', person: 'ann', retryFor: 0, ...extra });
const ids = async (team: PostgresSessionDb, query: Record<string, string>) => (await team.answer(teamSessionsPlan(teamSessionsQuerySchema.parse(query)))).sessions.map((s) => [s.id, s.status ?? null]).sort();

describe.skipIf(POSTGRES_UNAVAILABLE !== undefined)('publishing tool calls and statuses', () => {
  it('publishes tool calls without their text, each session\'s status, and follows both as they change', { timeout: 120_000 }, async () => {
    postgres.server().createDatabase('calls');
    const team = openPostgresSessionDb(postgres.server().url('calls'));
    const local = localHistory(4, 2, 't');
    try {
      local.writer.apply(local.sourceId, { ...emptyChangeSet(), parts: [call('p1', 0, 'bash'), call('p2', 0, 'read', { status: 'error', end: BASE + 1_500, mainArg: '/home/ann/.ssh/config' }), call('p3', 1, 'bash', { rejected: true }), call('p4', 1, undefined)] });
      const statuses = new Map([['t0', 'busy'], ['t1', 'idle'], ['t2', 'waiting-for-user'], ['t3', 'idle']]);
      expect(await publish(options(local, team, { statuses }))).toMatchObject({ written: 4, statuses: 4 });

      // Tool calls only (the text part stays home), and no column of the part table holds text.
      const parts = await team.pool.query('select id, tool, status, rejected, created, ended from part order by id');
      expect(parts.rows.map((r: { id: string }) => r.id)).toEqual(['p1', 'p2', 'p3']);
      const columns = await team.pool.query(`select column_name from information_schema.columns where table_name = 'part' order by column_name`);
      expect(columns.rows.map((r: { column_name: string }) => r.column_name)).toEqual(['created', 'ended', 'extra', 'id', 'message_id', 'rejected', 'session_id', 'source_id', 'status', 'tool', 'type']);
      // `extra` (the cache's: an unfinished call's path or command, a step's tokens) is never published.
      expect(local.db.all(queryBuilder('sqlite').selectFrom('part').select('extra').where('id', '=', 'p2').compile())).toEqual([{ extra: '{"a":"/home/ann/.ssh/config"}' }]);
      expect((await team.pool.query('select count(*)::int as n from part where extra is not null')).rows[0]).toEqual({ n: 0 });
      expect((await team.answer(teamToolsPlan(teamToolsQuerySchema.parse({})))).tools).toEqual([
        { tool: 'bash', calls: 2, errors: 0, rejected: 1, people: 1, ms: 4_000 },
        { tool: 'read', calls: 1, errors: 1, rejected: 0, people: 1, ms: 500 },
      ]);

      // What runs now across the team: the sessions their machine published as live.
      expect(await ids(team, { live: '1' })).toEqual([['t0', 'busy'], ['t2', 'waiting-for-user']]);
      expect(await ids(team, { status: 'idle' })).toEqual([['t1', 'idle'], ['t3', 'idle']]);

      // Nothing changed: nothing written. Then t0's turn ends and a tool call of t1 is marked failed.
      expect(await publish(options(local, team, { statuses }))).toMatchObject({ written: 0, statuses: 0 });
      local.writer.apply(local.sourceId, { ...emptyChangeSet(), parts: [call('p3', 1, 'bash', { rejected: true, status: 'error' })] });
      statuses.set('t0', 'waiting-for-user');
      expect(await publish(options(local, team, { statuses }))).toMatchObject({ written: 1, statuses: 1 });
      expect(await ids(team, { live: '1' })).toEqual([['t0', 'waiting-for-user'], ['t2', 'waiting-for-user']]);
      expect((await team.answer(teamToolsPlan(teamToolsQuerySchema.parse({})))).tools.find((t) => t.tool === 'bash')?.errors).toBe(1);

      // A publish that knows no statuses (a command that read nothing) leaves them as published.
      expect(await publish(options(local, team))).toMatchObject({ statuses: 0 });
      expect(await ids(team, { live: '1' })).toHaveLength(2);

      // A session gone from the machine takes its tool calls and status with it.
      local.writer.apply(local.sourceId, { ...emptyChangeSet(), removed: { sessions: ['t0'], messages: [], parts: [] } });
      statuses.delete('t0');
      expect(await publish(options(local, team, { statuses }))).toMatchObject({ removed: 1 });
      expect((await team.pool.query('select id from part order by id')).rows.map((r: { id: string }) => r.id)).toEqual(['p3']);
      expect((await team.pool.query(`select count(*)::int as n from session_status where session_id = 't0'`)).rows[0].n).toBe(0);
      expect(await ids(team, { live: '1' })).toEqual([['t2', 'waiting-for-user']]);
    } finally {
      local.db.close();
      await team.close();
    }
  });
});
