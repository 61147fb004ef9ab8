import { describe, expect, it } from 'vitest';
import { formatCost } from './format-cost';

describe('formatCost', () => {
  it.each([
    [0, '$0.00'],
    [0.0042, '$0.0042'],
    [0.00004, '<$0.0001'],
    [0.0421, '$0.042'],
    [0.5, '$0.500'],
    [1.234, '$1.23'],
    [999.994, '$999.99'],
    [12345.6, '$12,346'],
    [-0.0042, '-$0.0042'],
    [Number.NaN, '—'],
  ])('%s -> %s', (usd, text) => expect(formatCost(usd)).toBe(text));
});
