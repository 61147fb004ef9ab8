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
    expect(sumDaysSince(groups, new Date(2025, 2, 10, 0, 0).getTime())).toEqual({ cost: 6, computedCost: 12, tokens: 60, messages: 2 });
    expect(sumDaysSince(groups, new Date(2025, 2, 14).getTime()).cost).toBe(0);
  });
});
