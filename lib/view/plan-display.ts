import type { PlanItem, PlanStatus, PlanView } from '@/lib/plans/plan-work';
import type { StatusTone } from './status-view';

/** A boulder work's status, or `not-started` for a plan file no boulder references. */
export type PlanState = PlanStatus | 'not-started';

const LABELS: Record<PlanState, string> = { active: 'Active', paused: 'Paused', completed: 'Completed', abandoned: 'Abandoned', 'not-started': 'Not started' };
const TONES: Record<PlanState, StatusTone> = { active: 'active', paused: 'warning', completed: 'quiet', abandoned: 'muted', 'not-started': 'quiet' };

export function planState(plan: Pick<PlanView, 'work'>): PlanState {
  return plan.work?.status ?? 'not-started';
}

export function planStateLabel(state: PlanState): string {
  return LABELS[state];
}

export function planStateTone(state: PlanState): StatusTone {
  return TONES[state];
}

/** FNV-1a, base 36: short and stable, so links to a plan survive reloads. */
function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/** DOM id of a plan on /plans (`/plans#<anchor>`): readable, and unique across projects. */
export function planAnchor(plan: Pick<PlanView, 'key' | 'planName'>): string {
  const slug = plan.planName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40);
  return `plan-${slug ? `${slug}-` : ''}${shortHash(plan.key)}`;
}

/**
 * How long a work has run: to its end, to now while active, else to the last sign of life (plan
 * file or session write). Undefined when the boulder did not say when it started.
 */
export function planElapsed(plan: Pick<PlanView, 'work' | 'updatedAt'> & { sessions: readonly { lastActivity?: number }[] }, now: number): { ms: number; running: boolean } | undefined {
  const work = plan.work;
  if (!work || work.startedAt <= 0) return undefined;
  const running = work.endedAt === undefined && work.status === 'active';
  const lastSeen = Math.max(plan.updatedAt ?? 0, ...plan.sessions.map((s) => s.lastActivity ?? 0));
  const end = work.endedAt ?? (running ? now : lastSeen);
  return { ms: Math.max(0, end - work.startedAt), running };
}

/** Plans grouped by project, projects in the order of their first plan (the API puts active works first). */
export function plansByProject<T extends Pick<PlanView, 'projectDir'>>(plans: readonly T[]): { projectDir: string; plans: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const plan of plans) {
    const list = groups.get(plan.projectDir);
    if (list) list.push(plan);
    else groups.set(plan.projectDir, [plan]);
  }
  return [...groups.entries()].map(([projectDir, list]) => ({ projectDir, plans: list }));
}

/** The plan work a session belongs to; an active work wins over a finished one naming it too. */
export function planOfSession<T extends Pick<PlanView, 'work'>>(plans: readonly T[], sessionID: string): T | undefined {
  const mine = plans.filter((p) => p.work?.sessionIDs.includes(sessionID));
  return mine.find((p) => p.work?.status === 'active') ?? mine[0];
}

/** Consecutive checklist items under the same heading; `start` is the first item's index in `items`. */
export function checklistSections(items: readonly PlanItem[]): { section?: string; start: number; items: PlanItem[] }[] {
  const out: { section?: string; start: number; items: PlanItem[] }[] = [];
  items.forEach((item, index) => {
    const last = out.at(-1);
    if (last && last.section === item.section) last.items.push(item);
    else out.push({ ...(item.section !== undefined ? { section: item.section } : {}), start: index, items: [item] });
  });
  return out;
}

/** More than one heading over the items: worth naming them (a lone heading is the plan's title). */
export function hasSections(items: readonly PlanItem[]): boolean {
  return new Set(items.map((i) => i.section)).size > 1;
}
