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
  it('keeps the API-equivalent cost and the unpriced models of folded rows', () => {
    const priced = { ...g('a', 1), figure: { ...g('a', 1).figure, computedCost: 2 } };
    const unknown = (key: string, model: string) => ({ ...g(key, 0.5), figure: { ...g(key, 0.5).figure, unpricedMessages: 1, unpricedModels: [model] } });
    const rows = costBreakdown([priced, unknown('b', 'x/b'), unknown('c', 'x/c'), { ...g('d', 0.1), figure: { ...g('d', 0.1).figure, computedCost: 0.3 } }], 1);
    expect(rows[0]).toMatchObject({ key: 'a', computedCost: 2, unpricedModels: [] });
    expect(rows[1]).toMatchObject({ label: '3 others', computedCost: 0.3, unpricedModels: ['x/b', 'x/c'] });
  });
});
