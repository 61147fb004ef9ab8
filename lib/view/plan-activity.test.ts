import { describe, expect, it } from 'vitest';
import type { PlanProgress, PlanWork } from '@/lib/plans/plan-work';
import { planStatus, type PlanSessionEvidence } from '@/lib/plans/plan-status';
import { planActivityText } from './plan-activity';

const H = 3_600_000;
const D = 24 * H;
const NOW = 400 * D;
const work = (over: Partial<PlanWork> = {}): PlanWork => ({ workID: 'w', planName: 'p', planPath: '/p.md', status: 'active', startedAt: NOW - 165 * D, sessionIDs: ['s1'], boulderPath: '/b.json', active: true, ...over });
const progress: PlanProgress = { done: 1, total: 4, items: [], current: { text: 'Task', done: false } };

/** The text a plan card shows beside its badge, for a work and its sessions as the API joins them. */
function textOf(w: PlanWork | undefined, sessions: (PlanSessionEvidence & { found: boolean })[], updatedAt?: number): string | undefined {
  const plan = { ...(w ? { work: w } : {}), progress, ...(updatedAt !== undefined ? { updatedAt } : {}) };
  return planActivityText(planStatus(plan, sessions, NOW), { sessionIDs: w?.sessionIDs, sessions }, NOW);
}

describe('plan activity text', () => {
  it('a work whose sessions are not found says so: no "idle since just now" from a freshly copied plan file, no 165 d span', () => {
    const text = textOf(work(), [{ found: false }], NOW - 1000);
    expect(text).toBe('no sessions found');
    expect(textOf(work({ sessionIDs: [] }), [], NOW)).toBe('no sessions recorded');
  });

  it('an idle work: how long it ran and when its sessions were last active', () => {
    expect(textOf(work({ startedAt: NOW - 30 * H }), [{ found: true, status: { status: 'idle' }, lastActivity: NOW - 21 * H }], NOW)).toBe('ran 9 h · last activity 21 h ago');
  });

  it('a running work counts to now', () => {
    expect(textOf(work({ startedAt: NOW - 30 * H }), [{ found: true, status: { status: 'busy' }, lastActivity: NOW }])).toBe('1 d 6 h so far');
  });

  it('an ended work says how long it ran; a plan file no work names has no line', () => {
    expect(textOf(work({ status: 'completed', startedAt: NOW - 3 * D, endedAt: NOW - D }), [{ found: true, status: { status: 'idle' }, lastActivity: NOW - D }])).toBe('ran 2 d');
    // Completed without an end time or sessions: nothing to measure, and nothing made up.
    expect(textOf(work({ status: 'completed' }), [{ found: false }], NOW)).toBe('no sessions found');
    expect(textOf(undefined, [], NOW)).toBeUndefined();
    // A session older than the work's start: when it was last active, but no "ran 0 ms".
    expect(textOf(work({ startedAt: NOW - 2 * H }), [{ found: true, status: { status: 'idle' }, lastActivity: NOW - 5 * H }])).toBe('last activity 5 h ago');
  });
});
