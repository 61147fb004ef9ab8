import { describe, expect, it } from 'vitest';
import { normaliseBoulder, stripSessionPrefix, toEpochMs } from './normalise-boulder';
import type { PlanWork } from './plan-work';

const ctx = { projectDir: '/home/u/proj', boulderPath: '/home/u/proj/.sisyphus/boulder.json' };

function works(raw: unknown): PlanWork[] {
  const out = normaliseBoulder(raw, ctx);
  if ('error' in out) throw new Error(out.error);
  return out.works;
}

describe('normaliseBoulder', () => {
  it('reads a v1 snake_case boulder as one active work', () => {
    const [w, ...rest] = works({
      active_plan: '/home/u/proj/.sisyphus/plans/auth.md',
      started_at: '2026-03-02T09:15:00.000Z',
      session_ids: ['ses_a', 'ses_b'],
      plan_name: 'auth',
      agent: 'atlas',
      worktree_path: '/home/u/proj-wt',
    });
    expect(rest).toHaveLength(0);
    expect(w).toEqual({
      workID: 'auth',
      planName: 'auth',
      planPath: '/home/u/proj/.sisyphus/plans/auth.md',
      status: 'active',
      startedAt: Date.parse('2026-03-02T09:15:00.000Z'),
      sessionIDs: ['ses_a', 'ses_b'],
      agent: 'atlas',
      worktreePath: '/home/u/proj-wt',
      boulderPath: ctx.boulderPath,
      active: true,
    });
  });

  it('reads the camelCase v1 variant and resolves relative paths against the project', () => {
    const [w] = works({ activePlan: 'plans/x.md', planName: 'x', startedAt: 1760000000, sessionIds: ['s1'], worktreePath: '../wt' });
    expect(w?.planPath).toBe('/home/u/proj/plans/x.md');
    expect(w?.worktreePath).toBe('/home/u/wt');
    expect(w?.startedAt).toBe(1760000000_000);
    expect(w?.sessionIDs).toEqual(['s1']);
  });

  it('derives the plan path from plan_name when active_plan is missing', () => {
    expect(works({ plan_name: 'p' })[0]?.planPath).toBe('/home/u/proj/.sisyphus/plans/p.md');
  });

  it('reads v2 works with statuses, end times, prefixed session ids and the active flag', () => {
    const list = works({
      schema_version: 2,
      active_work_id: 'w2',
      works: {
        w1: { active_plan: 'a.md', plan_name: 'a', status: 'completed', started_at: 1, ended_at: '2026-01-01T00:00:00Z', session_ids: ['opencode:ses_1', 'ses_1'] },
        w2: { active_plan: 'b.md', plan_name: 'b', status: 'ACTIVE', started_at: '2026-02-01T00:00:00Z', session_ids: ['opencode:ses_2'] },
        w3: { plan_name: 'c', status: 'weird' },
      },
    });
    expect(list.map((w) => [w.workID, w.status, w.active])).toEqual([
      ['w1', 'completed', false],
      ['w2', 'active', true],
      ['w3', 'paused', false],
    ]);
    expect(list[0]?.sessionIDs).toEqual(['ses_1']);
    expect(list[0]?.endedAt).toBe(Date.parse('2026-01-01T00:00:00Z'));
    expect(list[1]?.sessionIDs).toEqual(['ses_2']);
  });

  it('skips works that are not objects and reports them, keeps the rest', () => {
    const out = normaliseBoulder({ schema_version: 2, works: { bad: 'x', ok: { plan_name: 'ok' } } }, ctx);
    expect('works' in out && out.works.map((w) => w.workID)).toEqual(['ok']);
    expect('problems' in out && out.problems).toEqual(['work "bad" has no plan']);
  });

  it('drops fields of the wrong type instead of failing the boulder', () => {
    const [w] = works({ plan_name: 'p', session_ids: ['a', 3, null], started_at: { x: 1 }, agent: 5 });
    expect(w?.sessionIDs).toEqual(['a']);
    expect(w?.startedAt).toBe(0);
    expect(w?.agent).toBeUndefined();
  });

  it('rejects a boulder that is not an object', () => {
    expect(normaliseBoulder([1, 2], ctx)).toEqual({ error: 'boulder is not a JSON object' });
    expect(normaliseBoulder({}, ctx)).toEqual({ works: [], problems: ['boulder names no plan'] });
  });
});

describe('helpers', () => {
  it('strips harness prefixes from session ids', () => {
    expect(stripSessionPrefix('opencode:ses_abc')).toBe('ses_abc');
    expect(stripSessionPrefix('ses_abc')).toBe('ses_abc');
  });
  it('reads ISO, seconds, ms and numeric strings', () => {
    expect(toEpochMs('2026-01-01T00:00:00Z')).toBe(Date.parse('2026-01-01T00:00:00Z'));
    expect(toEpochMs(1_700_000_000)).toBe(1_700_000_000_000);
    expect(toEpochMs('1700000000000')).toBe(1_700_000_000_000);
    expect(toEpochMs('nope')).toBeUndefined();
  });
});
