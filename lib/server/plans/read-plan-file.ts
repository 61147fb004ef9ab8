import 'server-only';
import { readFile, stat } from 'node:fs/promises';
import { planProgress } from '@/lib/plans/plan-progress';
import type { PlanProgress } from '@/lib/plans/plan-work';
import type { ReadIssue } from '@/lib/server/readers/read-result';

export type PlanFileRead =
  | { ok: true; progress: PlanProgress; updatedAt: number }
  | { ok: false; problem: string; issue: ReadIssue };

export async function readPlanFile(planPath: string): Promise<PlanFileRead> {
  try {
    const [text, info] = await Promise.all([readFile(planPath, 'utf8'), stat(planPath)]);
    return { ok: true, progress: planProgress(text), updatedAt: info.mtimeMs };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const problem = code === 'ENOENT' || code === 'ENOTDIR' ? 'plan file missing' : `plan file unreadable (${code ?? 'error'})`;
    return { ok: false, problem, issue: { source: 'plans', path: planPath, kind: 'io', reason: problem, at: Date.now() } };
  }
}
