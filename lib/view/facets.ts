import { sourceFamilyOf, type SourceFamily } from '@/lib/model/source';
import type { SessionSummary } from '@/lib/sessions/session-summary';

/** Values seen across sessions, most used first (for filter suggestions). */
export function facetValues(sessions: readonly SessionSummary[]): { models: string[]; agents: string[]; sources: SourceFamily[] } {
  const count = <T extends string>(pick: (s: SessionSummary) => readonly T[]): T[] => {
    const counts = new Map<T, number>();
    for (const s of sessions) for (const v of new Set(pick(s))) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([v]) => v);
  };
  return { models: count((s) => s.models), agents: count((s) => s.agents), sources: count((s) => [sourceFamilyOf(s.source)]) };
}
