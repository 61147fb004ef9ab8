import type { MarkedText } from './search-types';

/** Marks SQLite's snippet() puts around matches; stripped from indexed text, so they mean only that. */
export const MARK_OPEN = '\u0001';
export const MARK_CLOSE = '\u0002';

/** Control characters (the marks among them) become spaces before text is indexed. */
export function cleanForIndex(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ' ');
}

/** A snippet with marks, as text plus the ranges the marks enclosed. */
export function readMarks(marked: string): MarkedText {
  const ranges: [number, number][] = [];
  let text = '';
  let open: number | undefined;
  for (const ch of marked) {
    if (ch === MARK_OPEN) open = text.length;
    else if (ch === MARK_CLOSE) {
      if (open !== undefined && text.length > open) ranges.push([open, text.length]);
      open = undefined;
    } else text += ch;
  }
  return { text, ranges };
}

/** The pieces of a marked text in order, each flagged as matched or not: what a view draws. */
export function markedPieces({ text, ranges }: MarkedText): { text: string; hit: boolean }[] {
  const pieces: { text: string; hit: boolean }[] = [];
  let at = 0;
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const s = Math.max(start, at);
    const e = Math.min(end, text.length);
    if (e <= s) continue;
    if (s > at) pieces.push({ text: text.slice(at, s), hit: false });
    pieces.push({ text: text.slice(s, e), hit: true });
    at = e;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), hit: false });
  return pieces;
}
