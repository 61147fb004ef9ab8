import { describe, expect, it } from 'vitest';
import { emptyTokens } from '@/lib/model/tokens';
import { periodsAt, sumDaysSince } from './periods';

const group = (key: string, cost: number, input = 0) => ({ key, label: key, figure: { storedCost: cost, computedCost: cost * 2, unpricedMessages: 0, messages: 1, tokens: { ...emptyTokens(), input } } });

describe('periodsAt', () => {
  it('finds today, Monday, 30 days back and 24 h back', () => {
    const now = new Date(2025, 2, 13, 15, 42).getTime(); // a Thursday
    const p = periodsAt(now);
    expect(p.todayStart).toBe(new Date(2025, 2, 13).getTime());
    expect(p.weekStart).toBe(new Date(2025, 2, 10).getTime());
    expect(p.monthStart).toBe(new Date(2025, 1, 12).getTime());
    expect(p.dayAgo).toBe(new Date(2025, 2, 12, 16).getTime());
  });
  it('treats Sunday as the end of the week', () => {
    const p = periodsAt(new Date(2025, 2, 16, 9).getTime());
    expect(p.weekStart).toBe(new Date(2025, 2, 10).getTime());
  });
});

describe('sumDaysSince', () => {
  it('adds the days from the given day on', () => {
    const groups = [group('2025-03-09', 1, 10), group('2025-03-10', 2, 20), group('2025-03-13', 4, 40)];
    expect(sumDaysSince(groups, new Date(2025, 2, 10, 0, 0).getTime())).toEqual({ cost: 6, computedCost: 12, unpricedModels: [], tokens: 60, messages: 2, cacheHitRatio: 0 });
    expect(sumDaysSince(groups, new Date(2025, 2, 14).getTime()).cost).toBe(0);
  });

  it('names the unpriced models of the period and its cache hit ratio', () => {
    const day = (key: string, unpricedModels: string[] | undefined, input: number, cacheRead: number) => {
      const g = group(key, 1, input);
      return { ...g, figure: { ...g.figure, unpricedModels, tokens: { ...g.figure.tokens, cacheRead } } };
    };
    const groups = [day('2025-03-09', ['old/model'], 0, 0), day('2025-03-10', ['b/y'], 10, 30), day('2025-03-11', ['a/x', 'b/y'], 10, 50), day('2025-03-12', undefined, 0, 0)];
    const sum = sumDaysSince(groups, new Date(2025, 2, 10).getTime());
    expect(sum.unpricedModels).toEqual(['a/x', 'b/y']);
    expect(sum.cacheHitRatio).toBeCloseTo(80 / 100);
    expect(sumDaysSince(groups, new Date(2025, 2, 12).getTime()).cacheHitRatio).toBeUndefined();
  });
});
