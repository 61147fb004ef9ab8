import { SOURCE_LABELS, sourceFamilyOf, type SourceFamily, type SourceKind } from '@/lib/model/source';
import { formatCount } from '@/lib/format/format-tokens';

export interface SourceLooked {
  kind: string;
  path: string;
  found: boolean;
  sessions: number;
}

/** The option that points Sessionscope at each agent's data. */
export const SOURCE_FLAGS: Record<SourceFamily, string> = {
  opencode: '--opencode-dir',
  omp: '--omp-dir',
  pi: '--pi-dir',
  claude: '--claude-dir',
  codex: '--codex-dir',
  gemini: '--gemini-dir',
};

const labelOf = (kind: string) => SOURCE_LABELS[kind as SourceKind] ?? kind;

/** What was found where, per source: "Claude Code: 10 sessions in ~/.claude/projects", "pi: nothing at ...". */
export function describeSource(s: SourceLooked): string {
  const what = !s.found ? `nothing at ${s.path}` : s.sessions === 0 ? `no sessions in ${s.path}` : `${formatCount(s.sessions)} session${s.sessions === 1 ? '' : 's'} in ${s.path}`;
  return `${labelOf(s.kind)}: ${what}`;
}

/** The options worth trying when nothing was found: one per agent looked for. */
export function sourceFlags(sources: readonly SourceLooked[]): string[] {
  const families = new Set(sources.map((s) => sourceFamilyOf(s.kind as SourceKind)));
  return [...families].map((f) => SOURCE_FLAGS[f]).filter((flag): flag is string => Boolean(flag));
}
