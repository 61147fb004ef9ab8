import { formatDuration } from '@/lib/format/format-duration';
import type { PlanTask } from './plan-work';

/**
 * What a plan task's row says of its time: "took 30 min" once the plugin ended it (its own
 * `elapsed_ms`, else end minus start), "running 12 min" while it runs, "assigned" before its
 * timer started.
 */
export function taskTimingText(task: PlanTask, now: number): string {
  const ended = task.status === 'completed' || task.endedAt !== undefined;
  if (ended) {
    const ms = task.elapsedMs ?? (task.endedAt !== undefined && task.startedAt !== undefined ? task.endedAt - task.startedAt : undefined);
    return ms !== undefined && ms >= 0 ? `took ${formatDuration(ms)}` : 'done';
  }
  if (task.startedAt !== undefined) return `running ${formatDuration(Math.max(0, now - task.startedAt))}`;
  return 'assigned';
}

/** `F1. Plan compliance audit`, `2. Stream JSONL`, or the task key when the plugin wrote neither. */
export function taskName(task: PlanTask): string {
  if (task.label && task.title) return `${task.label}. ${task.title}`;
  return task.title ?? task.label ?? task.key;
}
