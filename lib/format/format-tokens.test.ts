import { describe, expect, it } from 'vitest';
import { formatCompact, formatCount, formatPercent, formatTokens } from './format-tokens';

describe('formatCompact', () => {
  it.each([
    [0, '0'],
    [950, '950'],
    [999.4, '999'],
    [999.6, '1k'],
    [1234, '1.23k'],
    [12_300, '12.3k'],
    [123_456, '123k'],
    [4_560_000, '4.56M'],
    [2_000_000_000, '2B'],
    [-12_300, '-12.3k'],
    [Number.POSITIVE_INFINITY, '—'],
  ])('%s -> %s', (n, text) => expect(formatCompact(n)).toBe(text));
});

describe('formatTokens', () => {
  it('adds the unit, singular for one', () => {
    expect(formatTokens(12_300)).toBe('12.3k tokens');
    expect(formatTokens(1)).toBe('1 token');
  });
});

describe('formatCount and formatPercent', () => {
  it('groups digits and rounds ratios', () => {
    expect(formatCount(12345.4)).toBe('12,345');
    expect(formatCount(Number.NaN)).toBe('—');
    expect(formatPercent(0.873)).toBe('87%');
    // A sliver of a context window is not an empty one.
    expect(formatPercent(805 / 200_000)).toBe('<1%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(undefined)).toBe('—');
  });
});
