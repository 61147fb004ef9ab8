import { describe, expect, it } from 'vitest';
import { emptyTokens } from '@/lib/model/tokens';
import { formatChange, monthKeys, monthOverMonth } from './month-comparison';

const group = (key: string, cost: number, input: number) => ({ key, label: key, figure: { storedCost: cost, computedCost: cost, unpricedMessages: 0, messages: 1, tokens: { ...emptyTokens(), input } } });
const NOW = new Date(2026, 0, 15, 12).getTime(); // 15 Jan 2026, local

describe('month over month', () => {
  it('finds this and last month across a year end', () => {
    expect(monthKeys(NOW)).toMatchObject({ thisMonth: '2026-01', lastMonth: '2025-12', thisStart: new Date(2026, 0, 1).getTime(), lastStart: new Date(2025, 11, 1).getTime() });
  });

  it('compares spend, tokens and sessions as a percentage change', () => {
    const m = monthOverMonth([group('2025-12', 4, 1000), group('2026-01', 5, 500)], NOW, { thisMonth: 3, lastMonth: 6 });
    expect(m.thisMonth).toMatchObject({ cost: 5, tokens: 500 });
    expect(m.lastMonth).toMatchObject({ cost: 4, tokens: 1000 });
    expect(m.change.cost).toBeCloseTo(0.25, 10);
    expect(formatChange(m.change.cost, 5)).toBe('+25%');
    expect(formatChange(m.change.tokens, 500)).toBe('−50%');
    expect(formatChange(m.change.sessions, 3)).toBe('−50%');
  });

  it('says "new" when last month had nothing, never a division by zero', () => {
    const m = monthOverMonth([group('2026-01', 2, 10)], NOW);
    expect(m.change.cost).toBeUndefined();
    expect(formatChange(m.change.cost, m.thisMonth.cost)).toBe('new');
    expect(formatChange(undefined, 0)).toBe('—');
  });
});
