import { describe, expect, it } from 'vitest';
import type { SessionSummary } from '@/lib/sessions/session-summary';
import { taskCardView, taskResultText } from './task-card';

const tokens = { input: 1_000, output: 200, reasoning: 0, cacheRead: 300, cacheWrite: 0 };
const child = (status: SessionSummary['status']): SessionSummary =>
  ({
    id: 'ses_child',
    title: 'Sleep a bit (@general subagent)',
    time: { created: 1_000, updated: 5_000 },
    firstActivity: 1_000,
    lastActivity: 5_000,
    status,
    total: { sessionCount: 2, messageCount: 4, lastActivity: 6_000, tokens, cost: 0.42, computedCost: 0.42, unpricedMessages: 0, unpricedModels: [] },
  }) as unknown as SessionSummary;

describe('taskCardView', () => {
  it('shows what a running child does and how long it has run', () => {
    const view = taskCardView(child({ status: 'busy', reason: 'Running bash', activity: { kind: 'tool', tool: 'bash', arg: 'sleep 20' }, lastWrite: 5_000 }), 21_000);
    expect(view).toMatchObject({ title: 'Sleep a bit (@general subagent)', activity: 'running bash: sleep 20', live: true, elapsed: '20 s', tokens: '1.5k tokens', subagents: 1 });
    expect(view.cost).toContain('0.42');
  });

  it('shows a finished child with the time it took, its own subagents included', () => {
    expect(taskCardView(child({ status: 'idle', reason: 'Subagent finished', lastWrite: 6_000 }), 99_000)).toMatchObject({ activity: 'finished', live: false, elapsed: '5.0 s' });
  });
});

describe('taskResultText', () => {
  it('drops OpenCode\'s <task id=…> wrapper and keeps the answer', () => {
    expect(taskResultText('<task id="ses_dfbfa5801ffepLjjjjiKU0Qen2" state="completed">\n<task_result>\nSlept.\n</task_result>\n</task>')).toBe('Slept.');
    expect(taskResultText('task_id: ses_dfbfa5801ffepLjjjjiKU0Qen2 (for resuming)\n\n<task_result>\nDone.\n</task_result>')).toBe('Done.');
    expect(taskResultText('plain output')).toBe('plain output');
  });
});
