import { describe, expect, it } from 'vitest';
import { emptyTokens } from '@/lib/model/tokens';
import type { StatsGroup } from '@/lib/view/api-types';
import { stackCostByDay } from './cost-by-day-model';

const day = (d: number, h = 12) => new Date(2025, 0, d, h).getTime();
const figure = (storedCost: number, computedCost = storedCost) => ({ storedCost, computedCost, unpricedMessages: 0, messages: 1, tokens: emptyTokens() });
const part = (key: string, stored: number, computed?: number): StatsGroup => ({ key, label: `${key.split('/')[1]} (${key.split('/')[0]})`, figure: figure(stored, computed) });
const dayGroup = (key: string, parts: StatsGroup[]): StatsGroup => ({
  key,
  label: key,
  figure: figure(parts.reduce((s, p) => s + p.figure.storedCost, 0), parts.reduce((s, p) => s + p.figure.computedCost, 0)),
  split: parts,
});

const days = [
  dayGroup('2025-01-01', [part('anthropic/claude-sonnet-4.5', 0.5, 1.5)]),
  dayGroup('2025-01-02', [part('openai/gpt-5', 2), part('anthropic/claude-sonnet-4.5', 1, 1.5), part('github-copilot/gpt-5', 0, 3)]),
  dayGroup('2024-12-01', [part('x/outside', 9)]),
];

describe('stackCostByDay', () => {
  it('stacks each day by model exactly: a day sums to its total', () => {
    const out = stackCostByDay(days, 'stored', day(1, 0), day(3, 0));
    expect(out.series).toEqual([
      { key: 's0', name: 'gpt-5 (openai)' },
      { key: 's1', name: 'claude-sonnet-4.5 (anthropic)' },
    ]);
    expect(out.rows).toEqual([
      { key: '2025-01-01', label: 'Jan 1', s0: 0, s1: 0.5 },
      { key: '2025-01-02', label: 'Jan 2', s0: 2, s1: 1 },
      { key: '2025-01-03', label: 'Jan 3', s0: 0, s1: 0 },
    ]);
  });

  it('stacks the API-equivalent cost, where a subscription model recorded $0', () => {
    const out = stackCostByDay(days, 'computed', day(1, 0), day(2, 0));
    expect(out.series.map((s) => s.name)).toEqual(['claude-sonnet-4.5 (anthropic)', 'gpt-5 (github-copilot)', 'gpt-5 (openai)']);
    const second = out.rows[1]!;
    expect(out.series.reduce((sum, s) => sum + (second[s.key] as number), 0)).toBe(days[1]!.figure.computedCost);
  });

  it('folds small models into Other without losing any spend', () => {
    const out = stackCostByDay(days, 'stored', day(1, 0), day(2, 0), 1);
    expect(out.series).toEqual([{ key: 's0', name: 'gpt-5 (openai)' }, { key: 'other', name: 'Other' }]);
    expect(out.rows.map((r) => [r.s0, r.other])).toEqual([[0, 0.5], [2, 1]]);
  });
});
