import 'server-only';
import path from 'node:path';
import type { PlanView, PlanWork } from '@/lib/plans/plan-work';
import type { ReadIssue } from '@/lib/server/readers/read-result';
import { boulderPathsOf } from './boulder-locations';
import { listPlanFiles } from './list-plan-files';
import { readBoulderFile } from './read-boulder-file';
import { readPlanFile, type PlanFileRead } from './read-plan-file';
import { appendAll } from '@/lib/arrays/append-all';

export interface PlansRead {
  plans: PlanView[];
  issues: ReadIssue[];
}

/** Works of both boulders of one project; `.omo` comes first and wins on a duplicate work id. */
async function projectWorks(projectDir: string, issues: ReadIssue[]): Promise<PlanWork[]> {
  const reads = await Promise.all(boulderPathsOf(projectDir).map((p) => readBoulderFile(p, projectDir)));
  const byID = new Map<string, PlanWork>();
  for (const read of reads) {
    appendAll(issues, read.issues);
    for (const work of read.works) if (!byID.has(work.workID)) byID.set(work.workID, work);
  }
  return [...byID.values()];
}

function viewOf(projectDir: string, planPath: string, file: PlanFileRead, work?: PlanWork): PlanView {
  return {
    key: work ? `${work.boulderPath}#${work.workID}` : planPath,
    projectDir,
    planName: work?.planName ?? path.basename(planPath, '.md'),
    planPath,
    ...(work ? { work } : {}),
    ...(file.ok ? { progress: file.progress, updatedAt: file.updatedAt } : { problem: file.problem }),
  };
}

/** Active works first, then other works, then plan files no boulder references. */
function tierOf(v: PlanView): number {
  return v.work ? (v.work.active ? 0 : 1) : 2;
}

function timeOf(v: PlanView): number {
  return v.work?.startedAt || v.updatedAt || 0;
}

/**
 * Plans of the given project directories: every boulder work (v1/v2, `.omo` and legacy `.sisyphus`)
 * with its plan file's progress, plus plan files no boulder references. Never throws: half-written
 * boulders and missing plan files come back as issues (the plan still shows, with its `problem`).
 */
export async function readPlans(projectDirs: readonly string[]): Promise<PlansRead> {
  const issues: ReadIssue[] = [];
  const plans: PlanView[] = [];
  for (const projectDir of [...new Set(projectDirs.map((d) => path.resolve(d)))]) {
    const [works, planFiles] = await Promise.all([projectWorks(projectDir, issues), listPlanFiles(projectDir)]);
    const files = new Map<string, Promise<PlanFileRead>>();
    const fileOf = (p: string): Promise<PlanFileRead> => {
      const known = files.get(p);
      if (known) return known;
      const read = readPlanFile(p, projectDir);
      files.set(p, read);
      return read;
    };
    for (const work of works) {
      const file = await fileOf(work.planPath);
      if (!file.ok && !issues.some((i) => i.path === work.planPath)) issues.push(file.issue);
      plans.push(viewOf(projectDir, work.planPath, file, work));
    }
    for (const planPath of planFiles.filter((p) => !files.has(p))) {
      plans.push(viewOf(projectDir, planPath, await fileOf(planPath)));
    }
  }
  plans.sort((a, b) => tierOf(a) - tierOf(b) || timeOf(b) - timeOf(a));
  return { plans, issues };
}
