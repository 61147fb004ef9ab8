import { describe, expect, it } from 'vitest';
import type { PlanProgress, PlanWork } from './plan-work';
import { planStatus } from './plan-status';

const H = 3_600_000;
const NOW = 100 * H;
const work = (over: Partial<PlanWork> = {}): PlanWork => ({ workID: 'w', planName: 'p', planPath: '/p.md', status: 'active', startedAt: NOW - 30 * H, sessionIDs: ['s1'], boulderPath: '/b.json', active: true, ...over });
const progress = (done: number, total: number): PlanProgress => ({ done, total, items: [], current: done < total ? { text: 'Task', done: false } : undefined });

describe('plan status: one rule', () => {
  it('an active work whose only session went idle 21 h ago is idle since then, not "Active · so far"', () => {
    const s = planStatus({ work: work(), progress: progress(1, 4) }, [{ status: { status: 'idle' }, lastActivity: NOW - 21 * H }], NOW);
    expect(s).toMatchObject({ phase: 'idle', label: 'Idle', idleSince: NOW - 21 * H, elapsed: { ms: 9 * H, running: false } });
  });

  it('an active work with a live session is active, its time running to now', () => {
    const s = planStatus({ work: work(), progress: progress(1, 4) }, [{ status: { status: 'idle' }, lastActivity: NOW - 21 * H }, { status: { status: 'busy' }, lastActivity: NOW }], NOW);
    expect(s).toMatchObject({ phase: 'running', label: 'Active', elapsed: { ms: 30 * H, running: true }, openTaskLabel: 'Next' });
  });

  it('"Completed" only when every task is checked; 3/4 done is "Ended · 1 open" with no "Next:"', () => {
    const ended = planStatus({ work: work({ status: 'completed', endedAt: NOW - H }), progress: progress(3, 4) }, [], NOW);
    expect(ended).toMatchObject({ phase: 'ended-open', label: 'Ended · 1 open', openTaskLabel: 'Open' });
    expect(planStatus({ work: work({ status: 'completed', endedAt: NOW - H }), progress: progress(4, 4) }, [], NOW)).toMatchObject({ phase: 'completed', label: 'Completed', elapsed: { ms: 29 * H, running: false } });
  });

  it('paused, abandoned and plans no boulder names keep their word; an unknown start has no elapsed time', () => {
    expect(planStatus({ work: work({ status: 'paused' }) }, [], NOW).phase).toBe('paused');
    expect(planStatus({ work: work({ status: 'abandoned' }), progress: progress(1, 2) }, [], NOW)).toMatchObject({ phase: 'abandoned', openTaskLabel: 'Open' });
    expect(planStatus({}, [], NOW)).toMatchObject({ phase: 'not-started', label: 'Not started' });
    expect(planStatus({ work: work({ startedAt: 0 }) }, [], NOW).elapsed).toBeUndefined();
  });
});
