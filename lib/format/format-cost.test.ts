import { describe, expect, it } from 'vitest';
import { formatCost, formatCostTick } from './format-cost';

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

describe('formatCostTick', () => {
  it.each([
    [0, '$0'],
    [0.8, '$0.80'],
    [1.6, '$1.60'],
    [3.2, '$3.20'],
    [0.05, '$0.05'],
    [0.0025, '$0.0025'],
    [0.002, '$0.002'],
    [2500, '$2,500'],
  ])('%s -> %s', (usd, text) => expect(formatCostTick(usd)).toBe(text));
});
