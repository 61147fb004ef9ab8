// Plans reach the team database as their progress (counts, never an item's text), follow their
// machine's changes, and answer /api/plans?scope=team per person and machine, on a real PostgreSQL.
import { describe, expect, it } from 'vitest';
import { GET as plansGET } from '@/app/api/plans/route';
import type { PlanView } from '@/lib/plans/plan-work';
import { openPostgresSessionDb } from '@/lib/server/db/postgres/postgres-session-db';
import { publish } from '@/lib/server/db/publish/publisher';
import type { TeamPlanRow } from '@/lib/team/team-query';
import { POSTGRES_UNAVAILABLE, postgresForFile } from '../support/postgres';
import { localHistory } from './support/synthetic-history';

const postgres = postgresForFile('plans');

const SECRET = 'rotate the production API key';
const plan = (name: string, done: number, extra: Partial<PlanView> = {}): PlanView => ({
  key: `/w/shop/.omo/boulder.json#${name}`,
  projectDir: '/w/shop',
  planName: name,
  planPath: `/w/shop/.omo/plans/${name}.md`,
  work: { workID: name, planName: name, planPath: `/w/shop/.omo/plans/${name}.md`, status: 'active', startedAt: 1_767_225_600_000, sessionIDs: ['s0', 's1'], boulderPath: '/w/shop/.omo/boulder.json', active: true, updatedAt: 1_767_225_700_000 },
  progress: { done, total: 4, items: [{ text: SECRET, done: false }], current: { text: SECRET, done: false } },
  ...extra,
});

const get = async (query: string) => ((await (await plansGET(new Request(`http://127.0.0.1/api/plans?${query}`))).json()) as { plans: TeamPlanRow[] }).plans;

describe.skipIf(POSTGRES_UNAVAILABLE !== undefined)('publishing plans', () => {
  it('publishes each machine\'s plans with their progress and no item text, follows changes, and lists them per person and machine', { timeout: 120_000 }, async () => {
    postgres.server().createDatabase('plans');
    const team = openPostgresSessionDb(postgres.server().url('plans'));
    const laptop = localHistory(2, 1, 's');
    const box = localHistory(1, 1, 'b');
    try {
      const publishFrom = (local: typeof laptop, machine: string, person: string, plans: PlanView[] | undefined) => publish({ local: local.db, sourceIds: [local.sourceId], team, machine, person, retryFor: 0, ...(plans ? { plans } : {}) });
      expect(await publishFrom(laptop, 'laptop', 'ann', [plan('checkout', 1), plan('old-notes', 0, { work: undefined, progress: undefined, problem: 'plan file missing' })])).toMatchObject({ plans: 2 });
      expect(await publishFrom(box, 'build-box', 'bob', [plan('ci-speedup', 3)])).toMatchObject({ plans: 1 });

      process.env.SESSIONSCOPE_TEAM_DB = postgres.server().url('plans');
      const all = await get('scope=team');
      expect(all.map((p) => [p.person, p.machine, p.name, p.status ?? null, p.progress ?? null, p.sessions])).toEqual([
        // Active works first, the most recently updated first, then by machine.
        ['bob', 'build-box', 'ci-speedup', 'active', { done: 3, total: 4 }, 2],
        ['ann', 'laptop', 'checkout', 'active', { done: 1, total: 4 }, 2],
        ['ann', 'laptop', 'old-notes', null, null, 0],
      ]);
      expect((await get('scope=team&person=bob')).map((p) => p.name)).toEqual(['ci-speedup']);
      // No item's text anywhere in the table.
      expect(JSON.stringify((await team.pool.query('select * from plan')).rows)).not.toContain(SECRET);

      // Unchanged: nothing written. A task checked off and a plan gone reach the team; another machine's stay.
      expect(await publishFrom(laptop, 'laptop', 'ann', [plan('checkout', 1), plan('old-notes', 0, { work: undefined, progress: undefined })])).toMatchObject({ plans: 0 });
      expect(await publishFrom(laptop, 'laptop', 'ann', [plan('checkout', 2)])).toMatchObject({ plans: 2 });
      expect((await get('scope=team')).map((p) => [p.name, p.progress?.done])).toEqual([
        ['ci-speedup', 3],
        ['checkout', 2],
      ]);
      // A publish that knows no plans (the command, which follows no plan files) leaves them as published.
      expect(await publishFrom(laptop, 'laptop', 'ann', undefined)).toMatchObject({ plans: 0 });
      expect(await get('scope=team&machine=laptop')).toHaveLength(1);
    } finally {
      delete process.env.SESSIONSCOPE_TEAM_DB;
      laptop.db.close();
      box.db.close();
      await team.close();
    }
  });
});
