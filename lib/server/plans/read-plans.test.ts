import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { planWatchTargets } from './boulder-locations';
import { readPlans } from './read-plans';

const fixtures = fileURLToPath(new URL('../../../test/fixtures/plans/', import.meta.url));
const dir = (name: string) => path.join(fixtures, name);

describe('readPlans', () => {
  it('reads a legacy .sisyphus v1 snake_case boulder with its plan progress', async () => {
    const { plans, issues } = await readPlans([dir('v1-snake')]);
    expect(issues).toEqual([]);
    expect(plans).toHaveLength(1);
    const [p] = plans;
    expect(p?.work).toMatchObject({
      workID: 'auth-refactor',
      status: 'active',
      active: true,
      agent: 'atlas',
      planPath: path.join(dir('v1-snake'), '.sisyphus/plans/auth-refactor.md'),
      sessionIDs: ['ses_3a9f0c21bffeK2m9QpX4wZ7rTy', 'ses_3a9e8812cffe9LmNoPqRsTuVwX'],
    });
    expect(p?.progress).toMatchObject({ done: 2, total: 4, current: { text: 'Remove the legacy middleware' } });
  });

  it('reads the camelCase v1 variant', async () => {
    const { plans } = await readPlans([dir('v1-camel')]);
    expect(plans[0]?.work).toMatchObject({ planName: 'search-index', worktreePath: path.join(fixtures, 'search-wt') });
    expect(plans[0]?.progress).toMatchObject({ done: 1, total: 2 });
  });

  it('merges .omo and .sisyphus v2 boulders: .omo wins on duplicate ids, missing plans show with a problem', async () => {
    const { plans, issues } = await readPlans([dir('v2-both')]);
    const byKey = new Map(plans.map((p) => [p.work?.workID ?? path.basename(p.planPath), p]));
    expect([...byKey.keys()]).toEqual(['wk_perf', 'wk_old', 'wk_docs', 'wk_gone', 'draft-idea.md']);
    expect(plans[0]?.work?.active).toBe(true); // active work first
    expect(byKey.get('wk_perf')?.progress).toMatchObject({ done: 1, total: 4 });
    expect(byKey.get('wk_perf')?.work?.sessionIDs).toEqual(['ses_2b0100000ffeCCCCCCCCCCCCCC', 'ses_2b0000000ffeDDDDDDDDDDDDDD']);
    expect(byKey.get('wk_docs')?.work).toMatchObject({ planName: 'docs-cleanup', status: 'completed', boulderPath: path.join(dir('v2-both'), '.omo/boulder.json') });
    expect(byKey.get('wk_gone')).toMatchObject({ problem: 'plan file missing', work: { status: 'abandoned' } });
    expect(byKey.get('wk_gone')?.progress).toBeUndefined();
    // the legacy boulder keeps its own active work; its duplicate wk_docs lost to .omo
    expect(byKey.get('wk_old')?.work).toMatchObject({ status: 'paused', active: true });
    expect(byKey.get('draft-idea.md')).toMatchObject({ planName: 'draft-idea', progress: { total: 1 } });
    expect(byKey.get('draft-idea.md')?.work).toBeUndefined();
    expect(issues).toEqual([expect.objectContaining({ source: 'plans', kind: 'io', reason: 'plan file missing', path: path.join(dir('v2-both'), '.omo/plans/deleted-plan.md') })]);
  });

  it('a half-written boulder is an issue, not a crash; its plan files still show', async () => {
    const { plans, issues } = await readPlans([dir('half-written')]);
    expect(issues).toEqual([expect.objectContaining({ kind: 'parse', path: path.join(dir('half-written'), '.omo/boulder.json') })]);
    expect(plans.map((p) => p.planName)).toEqual(['a']);
  });

  it('a directory without boulders yields nothing', async () => {
    expect(await readPlans([dir('progress'), path.join(fixtures, 'does-not-exist')])).toEqual({ plans: [], issues: [] });
  });

  it('reads absolute active_plan paths and never writes what it reads', async () => {
    const tmp = mkdtempSync(path.join(tmpdir(), 'plans-'));
    cpSync(dir('v1-snake'), tmp, { recursive: true });
    const boulder = path.join(tmp, '.sisyphus/boulder.json');
    const raw = JSON.parse(readFileSync(boulder, 'utf8')) as Record<string, unknown>;
    raw.active_plan = path.join(tmp, '.sisyphus/plans/auth-refactor.md');
    writeFileSync(boulder, JSON.stringify(raw));
    const before = readFileSync(boulder);
    const { plans } = await readPlans([tmp]);
    expect(plans[0]?.progress?.total).toBe(4);
    expect(readFileSync(boulder).equals(before)).toBe(true);
  });
});

describe('planWatchTargets', () => {
  it('watches both boulder folders of every project and plan files kept elsewhere in the project, never outside it', () => {
    expect(planWatchTargets(['/p'], ['/p/.omo/plans/a.md', '/p/docs/b.md', '/elsewhere/c.md', '/dev/stdin'])).toEqual(['/p/.omo', '/p/.sisyphus', '/p/docs/b.md']);
  });
});
