import type { PlanView } from '@/lib/plans/plan-work';
import type { PlanTable } from '../schema';

/**
 * A machine's plans as the team database holds them: name, project, the work's status, progress as
 * counts and the sessions' ids. Never an item's text (what the plan says stays on its machine).
 */
export function planRows(machine: string, person: string, plans: readonly PlanView[]): PlanTable[] {
  const rows = new Map<string, PlanTable>();
  for (const p of plans) {
    rows.set(p.key, {
      machine,
      person,
      key: p.key,
      project_dir: p.projectDir,
      name: p.planName,
      status: p.work?.status ?? null,
      active: p.work?.active ? 1 : 0,
      done: p.progress?.done ?? null,
      total: p.progress?.total ?? null,
      started: p.work?.startedAt || null,
      updated: p.work?.updatedAt ?? p.updatedAt ?? null,
      session_ids: (p.work?.sessionIDs ?? []).join(','),
    });
  }
  return [...rows.values()];
}
