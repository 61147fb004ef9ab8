import { maxOf } from '@/lib/arrays/append-all';

/** A column of a terminal table. */
export interface TextColumn {
  header: string;
  align: 'left' | 'right';
  /** Narrow terminals drop the columns of highest `drop` first; 0 is never dropped. */
  drop: number;
  /** The one column that gives up width (cut with an ellipsis) once nothing more can be dropped. */
  shrinks?: boolean;
}

export type TextRow = readonly string[] | 'rule';

const GAP = '  ';
/** The shrinking column keeps this much (a title's first words) while other columns can still be dropped... */
const KEPT_WIDTH = 24;
/** ...and this much at the very least. */
const MIN_SHRUNK = 8;

// Terminal control characters in data (a hostile session title) would move the cursor or recolour
// the terminal: every one is shown as a visible placeholder instead.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** What a cell shows: one line, no control characters. */
export function cleanCell(text: string): string {
  return text.replace(CONTROL, ' ');
}

const widthOf = (text: string) => [...text].length;

function cut(text: string, width: number): string {
  const chars = [...text];
  return chars.length <= width ? text : `${chars.slice(0, Math.max(0, width - 1)).join('')}…`;
}

function pad(text: string, width: number, align: TextColumn['align']): string {
  const fill = ' '.repeat(Math.max(0, width - widthOf(text)));
  return align === 'right' ? fill + text : text + fill;
}

/**
 * Rows as lines no wider than `width`: the columns that do not fit beside the shrinking column's
 * first 24 characters are dropped (highest `drop` first), then that column is cut with an ellipsis. A row is never wrapped: a cell is
 * whole on its line or cut, so the columns stay aligned.
 */
export function renderTextTable(columns: readonly TextColumn[], rows: readonly TextRow[], width: number): string {
  const cells = rows.map((row) => (row === 'rule' ? row : row.map(cleanCell)));
  const natural = columns.map((c, i) => maxOf(cells.map((r) => (r === 'rule' ? 0 : widthOf(r[i] ?? ''))), widthOf(c.header)));
  const kept = columns.map((_, i) => i);
  const total = () => kept.reduce((sum, i) => sum + natural[i]!, 0) + GAP.length * (kept.length - 1);
  const byDrop = [...kept].filter((i) => columns[i]!.drop > 0).sort((a, b) => columns[b]!.drop - columns[a]!.drop || b - a);
  const shrinking = columns.findIndex((c) => c.shrinks);
  const shrinkable = () => (shrinking >= 0 && kept.includes(shrinking) ? Math.max(0, natural[shrinking]! - Math.max(KEPT_WIDTH, widthOf(columns[shrinking]!.header))) : 0);
  for (const i of byDrop) {
    if (total() - shrinkable() <= width) break;
    kept.splice(kept.indexOf(i), 1);
  }
  const widths = [...natural];
  if (shrinking >= 0 && total() > width) widths[shrinking] = Math.max(MIN_SHRUNK, natural[shrinking]! - (total() - width));
  const line = (row: readonly string[]) => kept.map((i) => pad(cut(row[i] ?? '', widths[i]!), widths[i]!, columns[i]!.align)).join(GAP).trimEnd();
  const ruleWidth = kept.reduce((sum, i) => sum + widths[i]!, 0) + GAP.length * (kept.length - 1);
  const out = [line(columns.map((c) => c.header)), '─'.repeat(ruleWidth)];
  for (const row of cells) out.push(row === 'rule' ? '─'.repeat(ruleWidth) : line(row));
  // A terminal narrower than the essential columns: each line is cut at its edge rather than wrapped.
  return out.map((l) => cut(l, width)).join('\n');
}
