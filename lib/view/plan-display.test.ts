import { describe, expect, it } from 'vitest';
import type { PlanView, PlanWork } from '@/lib/plans/plan-work';
import { checklistSections, hasSections, planAnchor, planOfSession, plansByProject } from './plan-display';

function work(over: Partial<PlanWork> = {}): PlanWork {
  return { workID: 'w', planName: 'p', planPath: '/p/.omo/plans/p.md', status: 'active', startedAt: 1_000, sessionIDs: [], boulderPath: '/p/.omo/boulder.json', active: true, ...over };
}

type TestPlan = PlanView & { sessions: { lastActivity?: number }[] };

function plan(over: Partial<TestPlan> = {}): TestPlan {
  return { key: '/p/.omo/boulder.json#w', projectDir: '/p', planName: 'p', planPath: '/p/.omo/plans/p.md', sessions: [], ...over };
}

describe('plan display', () => {
  it('anchors are readable, stable and differ for the same work id in two projects', () => {
    const a = planAnchor({ key: '/a/.omo/boulder.json#wk_docs', planName: 'Docs cleanup!' });
    const b = planAnchor({ key: '/b/.omo/boulder.json#wk_docs', planName: 'Docs cleanup!' });
    expect(a).toMatch(/^plan-docs-cleanup-[0-9a-z]+$/);
    expect(a).toBe(planAnchor({ key: '/a/.omo/boulder.json#wk_docs', planName: 'Docs cleanup!' }));
    expect(a).not.toBe(b);
    expect(planAnchor({ key: 'k', planName: '???' })).toMatch(/^plan-[0-9a-z]+$/);
  });

  it('groups by project in order of first appearance', () => {
    const groups = plansByProject([plan({ key: '1', projectDir: '/a' }), plan({ key: '2', projectDir: '/b' }), plan({ key: '3', projectDir: '/a' })]);
    expect(groups.map((g) => [g.projectDir, g.plans.map((p) => p.key)])).toEqual([['/a', ['1', '3']], ['/b', ['2']]]);
  });

  it('finds the work of a session, preferring an active one', () => {
    const done = plan({ key: 'done', work: work({ status: 'completed', sessionIDs: ['s1', 's2'] }) });
    const active = plan({ key: 'active', work: work({ sessionIDs: ['s2'] }) });
    expect(planOfSession([done, active], 's2')?.key).toBe('active');
    expect(planOfSession([done, active], 's1')?.key).toBe('done');
    expect(planOfSession([done, active, plan()], 's3')).toBeUndefined();
  });

  it("a task's session (a subagent the work's session delegated to) belongs to the work's plan", () => {
    const withTask = plan({ key: 'tasks', work: work({ sessionIDs: ['atlas'], tasks: [{ key: 'todo:1', sessionID: 'junior', status: 'completed' }] }) });
    expect(planOfSession([withTask], 'junior')?.key).toBe('tasks');
    expect(planOfSession([withTask], 'someone-else')).toBeUndefined();
  });

  it('splits a checklist where the heading changes', () => {
    const sections = checklistSections([
      { text: 'a', done: true, section: 'TODOs' },
      { text: 'b', done: false, section: 'TODOs' },
      { text: 'c', done: false, section: 'Final' },
      { text: 'd', done: false },
    ]);
    expect(sections.map((s) => [s.section, s.start, s.items.map((i) => i.text)])).toEqual([['TODOs', 0, ['a', 'b']], ['Final', 2, ['c']], [undefined, 3, ['d']]]);
    expect(hasSections(sections.flatMap((s) => s.items))).toBe(true);
    expect(hasSections([{ text: 'a', done: false, section: 'My plan' }, { text: 'b', done: true, section: 'My plan' }])).toBe(false);
  });
});
