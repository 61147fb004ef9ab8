import { describe, expect, it } from 'vitest';
import type { PlanView } from '@/lib/plans/plan-work';
import { makeSummary } from '@/lib/view/test-sessions';
import type { Runtime } from '../store/get-store';
import { getPlans } from './get-plans';

const total = (cost: number) => ({ sessionCount: 1, messageCount: 0, tokens: { input: 0, output: 0, reasoning: 0, cacheRead: 0, cacheWrite: 0 }, cost, computedCost: cost, unpricedMessages: 0, unpricedModels: [] });
const summaries = new Map(
  [
    makeSummary({ id: 'root', title: 'Build it', cost: 1, total: total(3), source: 'opencode-sqlite', lastActivity: 50 }),
    makeSummary({ id: 'child', parentID: 'root', cost: 2, total: total(2) }),
  ].map((s) => [s.id, s]),
);
const plan: PlanView = {
  key: '/p/.omo/boulder.json#w',
  projectDir: '/p',
  planName: 'build',
  planPath: '/p/.omo/plans/build.md',
  work: { workID: 'w', planName: 'build', planPath: '/p/.omo/plans/build.md', status: 'active', startedAt: 1, sessionIDs: ['root', 'child', 'ses_gone'], boulderPath: '/p/.omo/boulder.json', active: true },
  progress: { done: 1, total: 2, items: [] },
};
const runtime = { store: { summaries: () => summaries, progress: { phase: 'ready' } }, plans: { plans: [plan], issues: [], projectDirs: ['/p'] } } as unknown as Pick<Runtime, 'store' | 'plans'>;

describe('getPlans', () => {
  it('joins each work to its sessions, marks missing ones and counts subagent cost once', () => {
    const out = getPlans(runtime);
    expect(out.searched).toEqual(['/p']);
    const [p] = out.plans;
    expect(p?.sessions.map((s) => [s.id, s.found, s.title, s.totalCost])).toEqual([
      ['root', true, 'Build it', 3],
      ['child', true, 'Session child', 2],
      ['ses_gone', false, undefined, undefined],
    ]);
    expect(p?.sessions[0]).toMatchObject({ source: 'opencode-sqlite', lastActivity: 50, status: { status: 'idle' } });
    expect(p?.cost).toBe(3);
    expect(out.index.phase).toBe('ready');
  });

  it("joins each task's session once: found with its title and status, or not found (a codex: session)", () => {
    const tasks = [
      { key: 'todo:1', sessionID: 'child', status: 'completed' },
      { key: 'todo:2', sessionID: 'codex-abc', harness: 'codex', status: 'running' },
      { key: 'final-wave:f1', sessionID: 'child' },
      { key: 'final-wave:f2' },
    ];
    const withTasks = { ...plan, work: { ...plan.work!, tasks } };
    const [p] = getPlans({ ...runtime, plans: { plans: [withTasks], issues: [], projectDirs: ['/p'] } } as unknown as Pick<Runtime, 'store' | 'plans'>).plans;
    expect(p?.taskSessions.map((s) => [s.id, s.found, s.title])).toEqual([
      ['child', true, 'Session child'],
      ['codex-abc', false, undefined],
    ]);
    expect(p?.cost).toBe(3);
  });
});
