import { describe, expect, it } from 'vitest';
import { emptyFigure } from '@/lib/accounting/figure';
import { spendBars } from './spend-bars';

const figure = (storedCost: number, computedCost: number, input = 0) => ({ ...emptyFigure(), storedCost, computedCost, messages: 1, tokens: { ...emptyFigure().tokens, input } });

describe('spendBars', () => {
  it('ranks people by the higher of stored and API-priced spend, sized against the largest', () => {
    const bars = spendBars([
      { key: 'ann', figure: figure(1, 0, 10) },
      { key: 'bob', figure: figure(0, 4, 5) },
      { key: 'cy', figure: figure(2, 1) },
    ]);
    expect(bars.map((b) => [b.key, b.spend, b.share])).toEqual([
      ['bob', 4, 1],
      ['cy', 2, 0.5],
      ['ann', 1, 0.25],
    ]);
    expect(bars[2]!.tokens).toBe(10);
  });

  it('gives nobody a bar when nobody spent anything', () => {
    expect(spendBars([{ key: 'ann', figure: figure(0, 0) }]).map((b) => b.share)).toEqual([0]);
  });
});
