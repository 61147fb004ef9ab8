import { describe, expect, it } from 'vitest';
import { taskName, taskTimingText } from './task-timing';

const NOW = Date.parse('2026-11-20T10:12:00.000Z');
const start = Date.parse('2026-11-20T10:00:00.000Z');

describe('taskTimingText', () => {
  it("a finished task shows the plugin's own elapsed time, else end minus start", () => {
    expect(taskTimingText({ key: 'todo:1', status: 'completed', startedAt: start, endedAt: start + 60_000, elapsedMs: 1_800_000 }, NOW)).toBe('took 30 min');
    expect(taskTimingText({ key: 'todo:1', status: 'completed', startedAt: start, endedAt: start + 90_000 }, NOW)).toBe('took 1 min 30 s');
    expect(taskTimingText({ key: 'todo:1', status: 'completed' }, NOW)).toBe('done');
  });

  it('a running task counts from its start; a task without a timer is assigned', () => {
    expect(taskTimingText({ key: 'todo:1', status: 'running', startedAt: start }, NOW)).toBe('running 12 min');
    expect(taskTimingText({ key: 'todo:1' }, NOW)).toBe('assigned');
  });

  it('names a task by label and title as the plan does', () => {
    expect(taskName({ key: 'final-wave:f1', label: 'F1', title: 'Plan compliance audit' })).toBe('F1. Plan compliance audit');
    expect(taskName({ key: 'todo:3' })).toBe('todo:3');
  });
});
