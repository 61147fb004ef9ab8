// /api/stats?scope=team and /api/sessions?scope=team on a real PostgreSQL that three machines of
// two people published into: spend per person and per machine is each one's own, the session list
// names machine and person and pages through every session once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as searchGET } from '@/app/api/search/route';
import { GET as sessionsGET } from '@/app/api/sessions/route';
import { GET as statsGET } from '@/app/api/stats/route';
import { GET as facetsGET } from '@/app/api/team/facets/route';
import { sharedPrices } from '@/lib/pricing/lookup-price';
import { openPostgresSessionDb } from '@/lib/server/db/postgres/postgres-session-db';
import { publish } from '@/lib/server/db/publish/publisher';
import { statsPlan } from '@/lib/server/db/queries/stats';
import { runSync } from '@/lib/server/db/query-plan';
import { STATS_GROUPINGS, statsQuerySchema } from '@/lib/stats/stats-query';
import { teamStatsPlan } from '@/lib/server/db/queries/team-stats';
import type { TeamSessionPage } from '@/lib/team/team-query';
import { POSTGRES_UNAVAILABLE, startPostgres, type TestPostgres } from '../support/postgres';
import { localHistory, type LocalHistory } from './support/synthetic-history';

let server: TestPostgres | undefined;
const machines: { machine: string; person: string; local: LocalHistory }[] = [];

beforeAll(async () => {
  if (POSTGRES_UNAVAILABLE) return;
  server = await startPostgres();
  server.createDatabase('team');
  const team = openPostgresSessionDb(server.url('team'));
  machines.push(
    { machine: 'laptop', person: 'ann', local: localHistory(7, 3, 'a') },
    { machine: 'ci-runner', person: 'ann', local: localHistory(4, 2, 'c', () => 0.5) },
    { machine: 'build-box', person: 'bob', local: localHistory(9, 4, 'b', (j) => j) },
  );
  for (const m of machines) await publish({ local: m.local.db, sourceIds: [m.local.sourceId], team, machine: m.machine, person: m.person });
  await team.close();
}, 120_000);
afterAll(() => {
  for (const m of machines) m.local.db.close();
  server?.stop();
});

const get = async <T>(handler: (r: Request) => Response | Promise<Response>, query: string): Promise<{ status: number; body: T }> => {
  const response = await handler(new Request(`http://127.0.0.1/api/x?${query}`));
  return { status: response.status, body: (await response.json()) as T };
};

type Stats = { scope: string; total: { storedCost: number; messages: number }; groups: { key: string; figure: { storedCost: number; messages: number } }[] };
const round = (n: number) => Number(n.toFixed(9));
/** What each machine's own dashboard says it spent. */
const ownSpend = (m: (typeof machines)[number]) => runSync(m.local.db, statsPlan('sqlite', statsQuerySchema.parse({ groupBy: 'model' }), { sourceIds: [m.local.sourceId], prices: sharedPrices() })).total;

describe.skipIf(POSTGRES_UNAVAILABLE !== undefined)('the team API', () => {
  it('says there is no team database until --team-db names one', async () => {
    delete process.env.SESSIONSCOPE_TEAM_DB;
    const answer = await get<{ error: string }>(statsGET, 'scope=team');
    expect(answer.status).toBe(404);
    expect(answer.body.error).toMatch(/--team-db/);
  });

  it('gives spend per person and per machine, each equal to its own machines\' figures', async () => {
    process.env.SESSIONSCOPE_TEAM_DB = server!.url('team');
    const byPerson = await get<Stats>(statsGET, 'scope=team&groupBy=person');
    expect(byPerson.status).toBe(200);
    const spend = (ms: typeof machines) => ({ storedCost: round(ms.reduce((s, m) => s + ownSpend(m).storedCost, 0)), messages: ms.reduce((s, m) => s + ownSpend(m).messages, 0) });
    const of = (groups: Stats['groups']) => Object.fromEntries(groups.map((g) => [g.key, { storedCost: round(g.figure.storedCost), messages: g.figure.messages }]));
    expect(of(byPerson.body.groups)).toEqual({ ann: spend(machines.filter((m) => m.person === 'ann')), bob: spend(machines.filter((m) => m.person === 'bob')) });
    expect({ storedCost: round(byPerson.body.total.storedCost), messages: byPerson.body.total.messages }).toEqual(spend(machines));
    // The largest spender first.
    expect(byPerson.body.groups.map((g) => g.key)).toEqual(['bob', 'ann']);

    const byMachine = await get<Stats>(statsGET, 'scope=team&groupBy=machine');
    expect(of(byMachine.body.groups)).toEqual(Object.fromEntries(machines.map((m) => [m.machine, spend([m])])));

    const bobsDays = await get<Stats>(statsGET, 'scope=team&groupBy=day&person=bob');
    expect(round(bobsDays.body.total.storedCost)).toBe(spend(machines.filter((m) => m.person === 'bob')).storedCost);
    expect(bobsDays.body.groups.length).toBeGreaterThan(0);

    expect((await get(statsGET, 'scope=team&groupBy=person&split=model')).status).toBe(400);
  });

  it('answers every grouping and split as statsPlan does over the same team (the fast path skips only the ownership query)', async () => {
    const team = openPostgresSessionDb(server!.url('team'));
    try {
      const ids = (await team.pool.query('select id from source')).rows.map((r: { id: number }) => Number(r.id));
      const rounded = (v: unknown) => JSON.parse(JSON.stringify(v, (_k, x: unknown) => (typeof x === 'number' ? Number(x.toFixed(9)) : x))) as unknown;
      for (const groupBy of STATS_GROUPINGS) {
        for (const extra of [{}, { split: groupBy === 'model' ? 'day' : 'model' }, { from: String(1_767_225_600_000 + 3 * 3_600_000), source: 'claude' }]) {
          const query = statsQuerySchema.parse({ groupBy, timeZone: 'Asia/Kolkata', ...extra });
          const { scope, ...fast } = await team.answer(teamStatsPlan({ stats: query }, sharedPrices()));
          expect(scope).toBe('team');
          expect(rounded(fast)).toEqual(rounded(await team.answer(statsPlan('postgres', query, { sourceIds: ids, prices: sharedPrices() }))));
        }
      }
    } finally {
      await team.close();
    }
  });

  it('lists every machine\'s sessions newest first, naming machine and person, a page at a time', async () => {
    process.env.SESSIONSCOPE_TEAM_DB = server!.url('team');
    const seen: TeamSessionPage['sessions'] = [];
    let cursor: string | undefined;
    do {
      const page = await get<TeamSessionPage>(sessionsGET, `scope=team&limit=6${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.body.total).toBe(20);
      seen.push(...page.body.sessions);
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(20);
    expect(new Set(seen.map((s) => `${s.machine}/${s.id}`)).size).toBe(20);
    expect(seen.map((s) => s.updated)).toEqual([...seen.map((s) => s.updated)].sort((a, b) => b - a));
    const b3 = seen.find((s) => s.id === 'b3')!;
    expect(b3).toMatchObject({ machine: 'build-box', person: 'bob', title: 'Session b3', messages: 4, cost: 6 });

    const anns = await get<TeamSessionPage>(sessionsGET, 'scope=team&person=ann&limit=100');
    expect(anns.body.sessions.map((s) => s.machine).sort()).toEqual([...Array(4).fill('ci-runner'), ...Array(7).fill('laptop')]);
    const recent = await get<TeamSessionPage>(sessionsGET, `scope=team&activeSince=${1_767_225_600_000 + 7 * 60_000}`);
    expect(recent.body.sessions.map((s) => s.id).sort()).toEqual(['b7', 'b8']);
  });

  it('groups the list by person or machine, a page at a time, each group with all its sessions\' count and spend', async () => {
    process.env.SESSIONSCOPE_TEAM_DB = server!.url('team');
    for (const group of ['person', 'machine'] as const) {
      const seen: TeamSessionPage['sessions'] = [];
      const groups = new Map<string, { sessions: number; cost: number }>();
      let cursor: string | undefined;
      do {
        const page = await get<TeamSessionPage>(sessionsGET, `scope=team&group=${group}&limit=5${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...page.body.sessions);
        for (const g of page.body.groups ?? []) groups.set(g.key, { sessions: g.sessions, cost: round(g.cost) });
        // Every group a page shows comes with its figures.
        expect(page.body.groups?.map((g) => g.key)).toEqual([...new Set(page.body.sessions.map((s) => s[group]))]);
        cursor = page.body.nextCursor;
      } while (cursor);
      expect(new Set(seen.map((s) => `${s.machine}/${s.id}`)).size).toBe(20);
      // Groups in name order, each newest first.
      const keys = seen.map((s) => s[group]);
      expect(keys).toEqual([...keys].sort());
      for (const key of new Set(keys)) {
        const mine = seen.filter((s) => s[group] === key);
        expect(mine.map((s) => s.updated)).toEqual(mine.map((s) => s.updated).sort((a, b) => b - a));
        const own = machines.filter((m) => m[group] === key);
        expect(groups.get(key)).toEqual({ sessions: mine.length, cost: round(own.reduce((sum, m) => sum + ownSpend(m).storedCost, 0)) });
      }
    }
    const bobs = await get<TeamSessionPage>(sessionsGET, 'scope=team&person=bob&group=machine&limit=100');
    expect(bobs.body.groups).toEqual([{ key: 'build-box', sessions: 9, cost: bobs.body.sessions.reduce((s, r) => s + r.cost, 0) }]);
  });

  it('offers the people and machines that published as filters', async () => {
    process.env.SESSIONSCOPE_TEAM_DB = server!.url('team');
    expect(await get(() => facetsGET(), '')).toEqual({ status: 200, body: { people: ['ann', 'bob'], machines: ['build-box', 'ci-runner', 'laptop'] } });
  });

  it('names each session\'s models and agents, and filters by the agent that wrote it', async () => {
    process.env.SESSIONSCOPE_TEAM_DB = server!.url('team');
    const page = await get<TeamSessionPage>(sessionsGET, 'scope=team&source=claude&limit=100');
    expect(page.body.total).toBe(20);
    expect(page.body.sessions[0]!.models).toEqual(['anthropic/claude-sonnet-4-5']);
    expect((await get<TeamSessionPage>(sessionsGET, 'scope=team&source=opencode')).body.total).toBe(0);
    expect((await get(sessionsGET, 'scope=team&source=cursor')).status).toBe(400);
  });

  it('searches what the team holds of a session: every word in its title, folder, models or agents', async () => {
    process.env.SESSIONSCOPE_TEAM_DB = server!.url('team');
    const ids = async (query: string) => (await get<TeamSessionPage>(searchGET, `scope=team&${query}`)).body.sessions.map((s) => `${s.machine}/${s.id}`).sort();
    expect(await ids('q=b3')).toEqual(['build-box/b3']);
    // Every session's model; the limit pages.
    const sonnet = await get<TeamSessionPage>(searchGET, 'scope=team&q=Sonnet&limit=8');
    expect([sonnet.body.total, sonnet.body.sessions.length, typeof sonnet.body.nextCursor]).toEqual([20, 8, 'string']);
    expect(await ids('q=sonnet%20b3')).toEqual(['build-box/b3']);
    expect(await ids('q=%2Fw%2Fp%20session%20c1&person=ann')).toEqual(['ci-runner/c1']);
    expect(await ids('q=opus')).toEqual([]);
    expect((await get(searchGET, 'scope=team')).status).toBe(400);
  });

  it('answers 503 while the team database is down, and again once it is back', async () => {
    process.env.SESSIONSCOPE_TEAM_DB = server!.url('team');
    server!.pause();
    try {
      const down = await get<{ error: string }>(statsGET, 'scope=team&groupBy=person');
      expect(down.status).toBe(503);
      expect(down.body.error).toMatch(/did not answer; this machine's view still works/);
    } finally {
      server!.resume();
    }
    expect((await get(sessionsGET, 'scope=team')).status).toBe(200);
  });
});
