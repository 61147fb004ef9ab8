import type { Turn } from '@/lib/sessions/build-turns';
import type { TimelineRow } from './timeline-rows';

/** What the timeline shows: everything, or only tool calls (optionally of one tool), errors or reasoning. */
export interface TimelineFilter {
  kind: 'all' | 'tools' | 'errors' | 'reasoning';
  /** With `tools`: only calls of this tool. */
  tool?: string;
}

export const SHOW_ALL: TimelineFilter = { kind: 'all' };

function matches(row: TimelineRow, filter: TimelineFilter): boolean {
  if (row.kind === 'message-error') return filter.kind === 'errors';
  if (row.kind !== 'part') return false;
  const part = row.part;
  switch (filter.kind) {
    case 'all':
      return true;
    case 'tools':
      return part.type === 'tool' && (!filter.tool || part.tool === filter.tool);
    case 'errors':
      return (part.type === 'tool' && part.status === 'error') || part.type === 'retry';
    case 'reasoning':
      return part.type === 'reasoning';
  }
}

/**
 * The rows a filter keeps: the matching parts, each group under its turn's prompt (so a match
 * still says which request it answered). `all` keeps every row.
 */
export function filterTimelineRows(rows: readonly TimelineRow[], filter: TimelineFilter): TimelineRow[] {
  if (filter.kind === 'all') return [...rows];
  const out: TimelineRow[] = [];
  const prompts = new Map<number, TimelineRow>();
  for (const row of rows) if (row.kind === 'user') prompts.set(row.turn, row);
  let lastTurn = -1;
  for (const row of rows) {
    if (!matches(row, filter)) continue;
    if (row.turn !== lastTurn) {
      const prompt = prompts.get(row.turn);
      if (prompt) out.push(prompt);
      lastTurn = row.turn;
    }
    out.push(row);
  }
  return out;
}

/** Tool names used in the loaded turns, most used first, for the "by tool" filter. */
export function toolNames(rows: readonly TimelineRow[]): { tool: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const row of rows) if (row.kind === 'part' && row.part.type === 'tool') counts.set(row.part.tool, (counts.get(row.part.tool) ?? 0) + 1);
  return [...counts].map(([tool, count]) => ({ tool, count })).sort((a, b) => b.count - a.count || a.tool.localeCompare(b.tool));
}

export interface TurnMark {
  /** Index of the turn in the loaded turns. */
  turn: number;
  /** The prompt's first words, or what the turn is when it has no prompt. */
  label: string;
  tools: number;
  errors: number;
}

const LABEL_CHARS = 60;

/** One entry per loaded turn, for the turn list and the mini-map. */
export function turnMarks(turns: readonly Turn[]): TurnMark[] {
  return turns.map((turn, index) => {
    let tools = 0;
    let errors = 0;
    for (const message of turn.assistant) {
      if (message.info.error) errors++;
      for (const part of message.parts) {
        if (part.type !== 'tool') continue;
        tools++;
        if (part.status === 'error') errors++;
      }
    }
    const typed = turn.user?.parts.find((p) => p.type === 'text' && !p.synthetic);
    const text = typed?.type === 'text' ? typed.text.replace(/\s+/g, ' ').trim() : '';
    const label = text ? (text.length > LABEL_CHARS ? `${text.slice(0, LABEL_CHARS - 1)}…` : text) : turn.user ? '(no text)' : '(continued)';
    return { turn: index, label, tools, errors };
  });
}
