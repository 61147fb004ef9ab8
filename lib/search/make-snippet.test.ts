import { describe, expect, it } from 'vitest';
import { makeSnippet, markWords } from './make-snippet';

const marked = (s: { text: string; ranges: [number, number][] }) => s.ranges.map(([a, b]) => s.text.slice(a, b));

describe('makeSnippet', () => {
  it('marks whole words, any case or accent, and the last word as a prefix', () => {
    const words = markWords([{ text: 'cafe', prefix: false }, { text: 'login', prefix: true }]);
    const s = makeSnippet('The Café login_form: logins fail; decaf is not a match.', words);
    expect(marked(s)).toEqual(['Café', 'login', 'logins']);
  });

  it('marks each word of a phrase', () => {
    expect(marked(makeSnippet('check-password.ts:12', markWords([{ text: 'check-password', prefix: false }])))).toEqual(['check', 'password']);
  });

  it('centres a long text on the first match, cut at words, with ellipses', () => {
    const text = `${'lorem ipsum '.repeat(50)}needle here${' dolor sit'.repeat(50)}`;
    const s = makeSnippet(text, markWords([{ text: 'needle', prefix: false }]), 80);
    expect(s.text.startsWith('…')).toBe(true);
    expect(s.text.endsWith('…')).toBe(true);
    expect(s.text.length).toBeLessThanOrEqual(82);
    expect(marked(s)).toEqual(['needle']);
    expect(s.text.slice(1, 7)).toMatch(/^(lorem|ipsum) /);
  });

  it('gives the start of a text without a match', () => {
    expect(makeSnippet('short text', markWords([{ text: 'zzz', prefix: false }]))).toEqual({ text: 'short text', ranges: [] });
  });
});
