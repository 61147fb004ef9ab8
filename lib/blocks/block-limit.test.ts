import { describe, expect, it } from 'vitest';
import type { ActiveBlock } from './active-block-response';
import { blockLimitView, parseBlockLimit } from './block-limit';

const block = (cost: number, tokens: number, projection?: { totalCost: number; totalTokens: number }): Pick<ActiveBlock, 'cost' | 'totalTokens' | 'projection'> => ({
  cost,
  totalTokens: tokens,
  projection: projection ? { ...projection, remainingMinutes: 60 } : null,
});

describe('a limit per five-hour block', () => {
  it('reads back what was stored, and nothing else', () => {
    expect(parseBlockLimit('{"unit":"usd","value":20}')).toEqual({ unit: 'usd', value: 20 });
    expect(parseBlockLimit('{"unit":"tokens","value":-1}')).toBeUndefined();
    expect(parseBlockLimit('{"unit":"euro","value":5}')).toBeUndefined();
    expect(parseBlockLimit('20')).toBeUndefined();
    expect(parseBlockLimit(null)).toBeUndefined();
  });

  it('warns from 80 % and says when the projection passes the limit', () => {
    expect(blockLimitView(block(5, 100, { totalCost: 7, totalTokens: 200 }), { unit: 'usd', value: 10 })).toMatchObject({ used: 0.5, projected: 0.7, level: 'ok' });
    expect(blockLimitView(block(5, 100, { totalCost: 9, totalTokens: 200 }), { unit: 'usd', value: 10 }).level).toBe('warning');
    const over = blockLimitView(block(5, 100, { totalCost: 12, totalTokens: 200 }), { unit: 'usd', value: 10 });
    expect(over.level).toBe('exceeds');
    expect(over.text).toBe('$5.00 of $10.00 (50%); $12.00 (120%) by its end at this rate');
    expect(blockLimitView(block(5, 150_000), { unit: 'tokens', value: 100_000 })).toMatchObject({ used: 1.5, level: 'exceeds', text: '150k tokens of 100k tokens (150%)' });
  });
});
