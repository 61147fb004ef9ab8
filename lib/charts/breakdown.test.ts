import { describe, expect, it } from 'vitest';
import { emptyTokens } from '@/lib/model/tokens';
import { costBreakdown } from './breakdown';

const g = (key: string, cost: number, input = 1) => ({ key, label: key.toUpperCase(), figure: { storedCost: cost, computedCost: 0, unpricedMessages: 0, messages: 1, tokens: { ...emptyTokens(), input } } });

describe('costBreakdown', () => {
  it('sorts by cost and folds the tail', () => {
    const rows = costBreakdown([g('a', 1), g('b', 5), g('c', 2), g('d', 2, 9)], 2);
    expect(rows.map((r) => r.label)).toEqual(['B', 'D', '2 others']);
    expect(rows[2]?.cost).toBe(3);
    expect(rows[0]?.share).toBeCloseTo(0.5);
  });
  it('drops empty rows and names blank labels', () => {
    const rows = costBreakdown([{ ...g('', 1), label: '' }, g('z', 0, 0)]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.label).toBe('(none)');
    expect(costBreakdown([])).toEqual([]);
  });
});
