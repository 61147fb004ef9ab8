import { describe, expect, it } from 'vitest';
import type { PlanProgress, PlanWork } from '@/lib/plans/plan-work';
import { planStatus } from '@/lib/plans/plan-status';
import { planCounts } from './plan-counts';

const H = 3_600_000;
const NOW = 100 * H;
const work = (over: Partial<PlanWork> = {}): PlanWork => ({ workID: 'w', planName: 'p', planPath: '/p.md', status: 'active', startedAt: NOW - 30 * H, sessionIDs: ['s1'], boulderPath: '/b.json', active: true, ...over });
const progress = (done: number, total: number): PlanProgress => ({ done, total, items: [] });
const live = { status: { status: 'busy' as const }, lastActivity: NOW };
const quiet = { status: { status: 'idle' as const }, lastActivity: NOW - 21 * H };

describe('plan counts: the one status rule', () => {
  const plans = [
    { work: work(), progress: progress(1, 4), sessions: [live] },
    { work: work(), progress: progress(2, 4), sessions: [quiet] },
    { work: work({ status: 'completed' }), progress: progress(3, 4), sessions: [quiet] },
    { work: work({ status: 'completed' }), progress: progress(2, 2), sessions: [] },
    { progress: progress(0, 1), sessions: [] },
  ];

  it('counts a boulder-active work whose sessions went quiet as idle, as its badge says', () => {
    const counts = planCounts(plans, NOW);
    expect(counts.byPhase).toMatchObject({ running: 1, idle: 1, 'ended-open': 1, completed: 1, 'not-started': 1 });
    expect(counts.works).toBe(4);
    expect(counts.tasksDone).toBe(3);
    expect(counts.tasksTotal).toBe(8);
  });

  it('every count agrees with the badges', () => {
    const counts = planCounts(plans, NOW);
    for (const phase of Object.keys(counts.byPhase) as (keyof typeof counts.byPhase)[]) {
      expect(counts.byPhase[phase], phase).toBe(plans.filter((p) => planStatus(p, p.sessions, NOW).phase === phase).length);
    }
  });
});
