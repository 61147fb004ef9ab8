import type { Turn } from '@/lib/sessions/build-turns';
import type { TimelineRow } from './timeline-rows';

/** A place in a session to open at: a part (a search hit), or a message. */
export interface TimelineTarget {
  part?: string;
  message?: string;
}

/** Whether the loaded turns hold the target (else older pages are loaded until they do). */
export function turnsHold(turns: readonly Turn[], target: TimelineTarget): boolean {
  for (const turn of turns) {
    for (const m of turn.user ? [turn.user, ...turn.assistant] : turn.assistant) {
      if (target.message && m.info.id === target.message) return true;
      if (target.part && m.parts.some((p) => p.id === target.part)) return true;
    }
  }
  return false;
}

/** The row that shows the target: the part's own row, the prompt that holds it, or the message's first row; -1 if none. */
export function targetRowIndex(rows: readonly TimelineRow[], target: TimelineTarget): number {
  if (target.part) {
    const at = rows.findIndex((r) => (r.kind === 'part' && r.part.id === target.part) || (r.kind === 'user' && r.parts.some((p) => p.id === target.part)));
    if (at !== -1) return at;
  }
  return target.message ? rows.findIndex((r) => r.info.id === target.message) : -1;
}
