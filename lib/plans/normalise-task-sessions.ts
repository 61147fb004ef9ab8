import { taskSessionSchema } from './boulder-schema';
import type { PlanTask } from './plan-work';

type EpochOf = (value: string | number | undefined) => number | undefined;

/**
 * `"codex:019a..."` -> `{ id: "019a...", harness: "codex" }`. oh-my-opencode prefixes every
 * session id with the agent that ran it (`opencode:`, `codex:`, `senpi:`); OpenCode's is the default.
 */
export function splitSessionID(raw: string): { id: string; harness?: string } {
  const match = /^([a-z][a-z0-9_-]*):(.+)$/i.exec(raw);
  if (!match) return { id: raw };
  const harness = match[1]!.toLowerCase();
  return harness === 'opencode' ? { id: match[2]! } : { id: match[2]!, harness };
}

const SECTION_ORDER = ['todo', 'final-wave'];

/** Plan order: TODOs before the final wave, then by number (`todo:2` before `todo:10`). */
function comparePlanOrder(a: PlanTask, b: PlanTask): number {
  const section = (t: PlanTask) => {
    const i = SECTION_ORDER.indexOf(t.key.split(':')[0] ?? '');
    return i < 0 ? SECTION_ORDER.length : i;
  };
  const number = (t: PlanTask) => Number(/(\d+)$/.exec(t.key)?.[1] ?? Number.MAX_SAFE_INTEGER);
  return section(a) - section(b) || number(a) - number(b) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/** A work's `task_sessions` map -> its tasks in plan order; entries that are not objects are skipped. */
export function normaliseTaskSessions(raw: Record<string, unknown> | undefined, toEpochMs: EpochOf): PlanTask[] {
  if (!raw) return [];
  const tasks: PlanTask[] = [];
  for (const [key, value] of Object.entries(raw)) {
    const parsed = taskSessionSchema.safeParse(value);
    if (!parsed.success) continue;
    const t = parsed.data;
    const session = t.session_id ? splitSessionID(t.session_id) : undefined;
    const times = { startedAt: toEpochMs(t.started_at), endedAt: toEpochMs(t.ended_at), updatedAt: toEpochMs(t.updated_at) };
    const task: PlanTask = { key: t.task_key ?? key };
    for (const name of ['status', 'agent', 'category'] as const) if (t[name]) task[name] = t[name];
    if (t.task_label) task.label = t.task_label;
    if (t.task_title) task.title = t.task_title;
    if (session?.id) task.sessionID = session.id;
    if (session?.harness) task.harness = session.harness;
    for (const [name, time] of Object.entries(times)) if (time !== undefined) task[name as keyof typeof times] = time;
    if (t.elapsed_ms !== undefined && t.elapsed_ms >= 0) task.elapsedMs = t.elapsed_ms;
    tasks.push(task);
  }
  return tasks.sort(comparePlanOrder);
}
