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
  const end = pageEnd(turns, before);
  const { start } = pageStart((i) => partsOf(turns[i] as Turn), 0, end, maxParts);
  const page = turns.slice(start, end);
  return { turns: page, olderCursor: start > 0 ? page[0]?.id : undefined };
}

/** Where the page before `before` ends (a turn index; 0 for a cursor that is gone). */
export function pageEnd(turns: readonly { id: string }[], before?: string): number {
  if (before === undefined) return turns.length;
  const at = turns.findIndex((t) => t.id === before);
  return at === -1 ? 0 : at;
}

/**
 * Where a page ending at `end` starts, looking at turns from `floor` on only (the sizes known so
 * far): `full` when the page stopped before `floor`, so turns below it need not be read.
 */
export function pageStart(sizeOf: (index: number) => number, floor: number, end: number, maxParts = PAGE_PARTS): { start: number; full: boolean } {
  let start = end;
  let parts = 0;
  while (start > floor) {
    const size = sizeOf(start - 1);
    if (start < end && parts + size > maxParts) return { start, full: true };
    parts += size;
    start--;
  }
  return { start, full: floor === 0 };
}
