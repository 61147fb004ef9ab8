import 'server-only';
import { normaliseBoulder } from '@/lib/plans/normalise-boulder';
import type { PlanWork } from '@/lib/plans/plan-work';
import { FILE_CAPS } from '@/lib/server/fs/file-caps';
import { readDataFile } from '@/lib/server/fs/open-data-file';
import type { ReadIssue } from '@/lib/server/readers/read-result';

export interface BoulderRead {
  works: PlanWork[];
  issues: ReadIssue[];
}

function issue(path: string, kind: ReadIssue['kind'], reason: string): ReadIssue {
  return { source: 'plans', path, kind, reason, at: Date.now() };
}

/** Reads one boulder.json. Missing is normal (no issue); half-written or odd is an issue, never a throw. */
export async function readBoulderFile(boulderPath: string, projectDir: string): Promise<BoulderRead> {
  const read = await readDataFile(boulderPath, { root: projectDir, maxBytes: FILE_CAPS.boulder });
  if (!read.ok) return { works: [], issues: read.missing ? [] : [issue(boulderPath, 'io', `boulder not read: ${read.reason}`)] };
  let raw: unknown;
  try {
    raw = JSON.parse(read.bytes.toString('utf8'));
  } catch {
    // oh-my-opencode writes in place: this is usually a write in progress, retried on the next change.
    return { works: [], issues: [issue(boulderPath, 'parse', 'boulder.json is not valid JSON (half-written?)')] };
  }
  const out = normaliseBoulder(raw, { projectDir, boulderPath });
  if ('error' in out) return { works: [], issues: [issue(boulderPath, 'schema', out.error)] };
  return { works: out.works, issues: out.problems.map((p) => issue(boulderPath, 'schema', p)) };
}
