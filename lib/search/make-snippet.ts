import type { MarkedText } from './search-types';

/** A word of the query to mark: whole (`word`) or as the start of a word (the last word while typing). */
export interface MarkWord {
  word: string;
  prefix: boolean;
}

const WORD = /[\p{L}\p{N}]+/gu;

/** Lower case without accents: how the index's tokenizer (unicode61, remove_diacritics 2) compares words. */
export function foldWord(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const SUFFIXES = ['ingly', 'edly', 'ings', 'ing', 'ies', 'ied', 'es', 'ed', 's'];

/**
 * A word without its common English endings: the index stems words (porter), so "rejected" finds
 * "rejects"; the snippet marks what shares this rougher stem (close enough to show why it matched).
 */
export function markStem(word: string): string {
  for (const suffix of SUFFIXES) if (word.length - suffix.length >= 3 && word.endsWith(suffix)) return word.slice(0, -suffix.length);
  return word;
}

/** The words of the query's terms (a phrase is several words; only the last word of the query can be a prefix). */
export function markWords(terms: readonly { text: string; prefix: boolean }[]): MarkWord[] {
  const out: MarkWord[] = [];
  for (const term of terms) {
    const words = term.text.match(WORD) ?? [];
    words.forEach((w, i) => out.push({ word: foldWord(w), prefix: term.prefix && i === words.length - 1 }));
  }
  return out;
}

/**
 * A passage of `text` around the first matched word, at most `max` characters, with every matched
 * word in it marked. Text without a match gives its start.
 */
export function makeSnippet(text: string, words: readonly MarkWord[], max = 220): MarkedText {
  const matches: [number, number][] = [];
  for (const m of text.matchAll(WORD)) {
    const folded = foldWord(m[0]);
    if (words.some((w) => (w.prefix ? folded.startsWith(w.word) || markStem(folded) === markStem(w.word) : markStem(folded) === markStem(w.word)))) matches.push([m.index, m.index + m[0].length]);
  }
  const first = matches[0];
  let start = first ? Math.max(0, first[0] - Math.floor(max / 4)) : 0;
  // Start at a word (or line) boundary.
  if (start > 0) {
    const space = text.slice(start, first?.[0] ?? start).search(/\s/);
    if (space >= 0) start += space + 1;
  }
  const end = Math.min(text.length, start + max);
  const lead = start > 0 ? '…' : '';
  const tail = end < text.length ? '…' : '';
  const ranges = matches.filter(([s, e]) => s >= start && e <= end).map(([s, e]): [number, number] => [s - start + lead.length, e - start + lead.length]);
  return { text: `${lead}${text.slice(start, end)}${tail}`, ranges };
}
