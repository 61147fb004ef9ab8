import type { MarkedText } from './search-types';

/** Control characters become spaces before text is indexed (they only get in the way of snippets). */
export function cleanForIndex(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ' ');
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
