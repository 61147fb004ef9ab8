import 'server-only';
import { planProgress } from '@/lib/plans/plan-progress';
import type { PlanProgress } from '@/lib/plans/plan-work';
import { FILE_CAPS } from '@/lib/server/fs/file-caps';
import { readDataFile } from '@/lib/server/fs/open-data-file';
import type { ReadIssue } from '@/lib/server/readers/read-result';

export type PlanFileRead =
  | { ok: true; progress: PlanProgress; updatedAt: number }
  | { ok: false; problem: string; issue: ReadIssue };

/**
 * A plan file, only inside its project's folder: a boulder.json comes with cloned repositories, so
 * its `active_plan` may name /etc/shadow, /dev/zero or ../../x; those are refused with a reason.
 */
export async function readPlanFile(planPath: string, projectDir: string): Promise<PlanFileRead> {
  const read = await readDataFile(planPath, { root: projectDir, maxBytes: FILE_CAPS.plan });
  if (read.ok) return { ok: true, progress: planProgress(read.bytes.toString('utf8')), updatedAt: read.mtimeMs };
  const problem = read.missing ? 'plan file missing' : `plan file not read: ${read.reason}`;
  return { ok: false, problem, issue: { source: 'plans', path: planPath, kind: 'io', reason: problem, at: Date.now() } };
}
