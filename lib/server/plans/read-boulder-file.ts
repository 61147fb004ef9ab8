import 'server-only';
import { readFile } from 'node:fs/promises';
import { normaliseBoulder } from '@/lib/plans/normalise-boulder';
import type { PlanWork } from '@/lib/plans/plan-work';
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
  let text: string;
  try {
    text = await readFile(boulderPath, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { works: [], issues: [] };
    return { works: [], issues: [issue(boulderPath, 'io', `cannot read boulder: ${code ?? String(err)}`)] };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    // oh-my-opencode writes in place: this is usually a write in progress, retried on the next change.
    return { works: [], issues: [issue(boulderPath, 'parse', 'boulder.json is not valid JSON (half-written?)')] };
  }
  const out = normaliseBoulder(raw, { projectDir, boulderPath });
  if ('error' in out) return { works: [], issues: [issue(boulderPath, 'schema', out.error)] };
  return { works: out.works, issues: out.problems.map((p) => issue(boulderPath, 'schema', p)) };
}
