import { boulderSchema, boulderWorkSchema, type BoulderRecord, type BoulderWorkRecord } from './boulder-schema';
import { PLAN_STATUSES, type PlanStatus, type PlanWork } from './plan-work';
import { normaliseTaskSessions, splitSessionID } from './normalise-task-sessions';
import { basenameOf, dirnameOf, resolveAgainst } from './resolve-path';

export interface BoulderContext {
  projectDir: string;
  boulderPath: string;
}

export interface NormalisedBoulder {
  works: PlanWork[];
  /** Records that were skipped (a work that is not an object, a boulder with no plan at all). */
  problems: string[];
}

/** `"opencode:ses_abc"` -> `"ses_abc"`; since mid-2026 boulders prefix session ids with the harness. */
export function stripSessionPrefix(id: string): string {
  return splitSessionID(id).id;
}

/** ISO string, numeric string, Unix seconds or Unix ms -> Unix ms (undefined if unreadable). */
export function toEpochMs(value: string | number | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = typeof value === 'number' ? value : /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : Date.parse(value);
  if (!Number.isFinite(n) || n <= 0) return undefined;
  return n < 1e12 ? Math.round(n * 1000) : n;
}

function toStatus(value: string | undefined, active: boolean): PlanStatus {
  const lower = value?.toLowerCase();
  const known = PLAN_STATUSES.find((s) => s === lower);
  return known ?? (active ? 'active' : 'paused');
}

function workOf(rec: BoulderWorkRecord, workID: string, active: boolean, ctx: BoulderContext): PlanWork | undefined {
  const activePlan = rec.active_plan ?? rec.activePlan;
  const planName = rec.plan_name ?? rec.planName ?? (activePlan ? basenameOf(activePlan, '.md') : undefined);
  if (!planName) return undefined;
  // Without active_plan the plan sits next to the boulder: <.omo|.sisyphus>/plans/<name>.md.
  const planPath = activePlan
    ? resolveAgainst(ctx.projectDir, activePlan)
    : resolveAgainst(dirnameOf(ctx.boulderPath), `plans/${planName}.md`);
  const ids = (rec.session_ids ?? rec.sessionIds ?? rec.sessionIDs ?? []).map(splitSessionID).filter((s) => s.id.length > 0);
  const harnessOf = Object.fromEntries(ids.flatMap((s) => (s.harness ? [[s.id, s.harness]] : [])));
  const worktree = rec.worktree_path ?? rec.worktreePath;
  const endedAt = toEpochMs(rec.ended_at ?? rec.endedAt);
  const updatedAt = toEpochMs(rec.updated_at ?? rec.updatedAt);
  const elapsedMs = rec.elapsed_ms ?? rec.elapsedMs;
  const tasks = normaliseTaskSessions(rec.task_sessions ?? rec.taskSessions, toEpochMs);
  return {
    workID,
    planName,
    planPath,
    status: toStatus(rec.status, active),
    startedAt: toEpochMs(rec.started_at ?? rec.startedAt) ?? 0,
    ...(endedAt !== undefined ? { endedAt } : {}),
    sessionIDs: [...new Set(ids.map((s) => s.id))],
    ...(Object.keys(harnessOf).length > 0 ? { harnessOf } : {}),
    ...(updatedAt !== undefined ? { updatedAt } : {}),
    ...(elapsedMs !== undefined && elapsedMs >= 0 ? { elapsedMs } : {}),
    ...(tasks.length > 0 ? { tasks } : {}),
    ...(rec.agent ? { agent: rec.agent } : {}),
    ...(worktree ? { worktreePath: resolveAgainst(ctx.projectDir, worktree) } : {}),
    boulderPath: ctx.boulderPath,
    active,
  };
}

function normaliseV2(rec: BoulderRecord, works: Record<string, unknown>, ctx: BoulderContext): NormalisedBoulder {
  const activeID = rec.active_work_id ?? rec.activeWorkId;
  const out: NormalisedBoulder = { works: [], problems: [] };
  for (const [id, raw] of Object.entries(works)) {
    const parsed = boulderWorkSchema.safeParse(raw);
    const work = parsed.success ? workOf(parsed.data, parsed.data.id ?? id, id === activeID, ctx) : undefined;
    if (work) out.works.push(work);
    else out.problems.push(`work "${id}" has no plan`);
  }
  return out;
}

/** One boulder.json (any version) -> its works. Never throws. */
export function normaliseBoulder(raw: unknown, ctx: BoulderContext): NormalisedBoulder | { error: string } {
  const parsed = boulderSchema.safeParse(raw);
  if (!parsed.success) return { error: 'boulder is not a JSON object' };
  const rec = parsed.data;
  if (rec.works && Object.keys(rec.works).length > 0) return normaliseV2(rec, rec.works, ctx);
  // v1, or a v2 whose works map is empty/half-written: the top level mirrors the active work.
  const activePlan = rec.active_plan ?? rec.activePlan;
  const planName = rec.plan_name ?? rec.planName ?? (activePlan ? basenameOf(activePlan, '.md') : '');
  const work = workOf(rec, rec.active_work_id ?? rec.activeWorkId ?? planName, true, ctx);
  return work ? { works: [work], problems: [] } : { works: [], problems: ['boulder names no plan'] };
}
