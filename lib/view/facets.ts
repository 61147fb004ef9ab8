import type { SessionSummary } from '@/lib/sessions/session-summary';

/** Values seen across sessions, most used first (for filter suggestions). */
export function facetValues(sessions: readonly SessionSummary[]): { models: string[]; agents: string[] } {
  const count = (pick: (s: SessionSummary) => readonly string[]) => {
    const counts = new Map<string, number>();
    for (const s of sessions) for (const v of new Set(pick(s))) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([v]) => v);
  };
  return { models: count((s) => s.models), agents: count((s) => s.agents) };
}
