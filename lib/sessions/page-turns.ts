import type { Turn } from './build-turns';

/** Parts sent per session page: a page stays small however long the session. */
export const PAGE_PARTS = 1_500;

export interface TurnPage {
  turns: Turn[];
  /** Pass as `before` to get the turns before this page; absent on the first turn. */
  olderCursor?: string;
}

const partsOf = (turn: Turn): number => (turn.user?.parts.length ?? 0) + turn.assistant.reduce((n, m) => n + m.parts.length, 0);

/**
 * The newest turns before `before` (a turn id; all turns when absent) holding about `maxParts`
 * parts: whole turns only, and at least one, so a huge turn still comes in one page.
 */
export function pageTurns(turns: readonly Turn[], before?: string, maxParts = PAGE_PARTS): TurnPage {
  let end = turns.length;
  if (before !== undefined) {
    const at = turns.findIndex((t) => t.id === before);
    end = at === -1 ? 0 : at;
  }
  let start = end;
  let parts = 0;
  while (start > 0) {
    const size = partsOf(turns[start - 1] as Turn);
    if (start < end && parts + size > maxParts) break;
    parts += size;
    start--;
  }
  const page = turns.slice(start, end);
  return { turns: page, olderCursor: start > 0 ? page[0]?.id : undefined };
}
