import type { PlanPhase, PlanStatusView } from '@/lib/plans/plan-status';
import type { PlanItem, PlanView } from '@/lib/plans/plan-work';
import { formatExactTime } from '@/lib/format/format-time';
import type { StatusTone } from './status-view';

const TONES: Record<PlanPhase, StatusTone> = { running: 'active', idle: 'quiet', paused: 'warning', completed: 'quiet', 'ended-open': 'warning', abandoned: 'muted', 'not-started': 'quiet' };

export function planPhaseTone(phase: PlanPhase): StatusTone {
  return TONES[phase];
}

/** The badge's hover: what the boulder says and what the evidence adds. */
export function planStatusTitle(view: PlanStatusView): string {
  switch (view.phase) {
    case 'running': return 'The boulder says this work is in progress, and one of its sessions is live';
    case 'idle': return `The boulder says this work is in progress, but none of its sessions is live${view.idleSince ? `: last activity ${formatExactTime(view.idleSince)}` : ''}`;
    case 'completed': return 'The boulder says this work is completed, and every task is checked';
    case 'ended-open': return 'The boulder says this work is completed, but tasks of the plan are still open';
    case 'paused': return 'The boulder says this work is paused';
    case 'abandoned': return 'The boulder says this work was abandoned';
    case 'not-started': return 'A plan file that no boulder work names';
  }
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

/** The plan work a session belongs to (one of its sessions, or the session of one of its tasks); an active work wins over a finished one naming it too. */
export function planOfSession<T extends Pick<PlanView, 'work'>>(plans: readonly T[], sessionID: string): T | undefined {
  const mine = plans.filter((p) => p.work?.sessionIDs.includes(sessionID) || p.work?.tasks?.some((t) => t.sessionID === sessionID));
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
