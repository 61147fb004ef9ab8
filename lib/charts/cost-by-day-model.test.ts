import { describe, expect, it } from 'vitest';
import { makeSummary } from '@/lib/view/test-sessions';
import { costByDayAndModel, spreadOverDays } from './cost-by-day-model';

const day = (d: number, h = 12) => new Date(2025, 0, d, h).getTime();

describe('costByDayAndModel', () => {
  it('stacks cost per day by model, splitting multi-model sessions', () => {
    const sessions = [
      makeSummary({ id: 'a', cost: 1, lastActivity: day(1), models: ['anthropic/sonnet'] }),
      makeSummary({ id: 'b', cost: 2, lastActivity: day(2), models: ['anthropic/sonnet', 'openai/gpt-5'] }),
      makeSummary({ id: 'c', cost: 0, lastActivity: day(2), models: ['x/free'] }),
      makeSummary({ id: 'd', cost: 9, lastActivity: day(20), models: ['x/outside'] }),
    ];
    const out = costByDayAndModel(sessions, day(1, 0), day(3, 0));
    expect(out.series).toEqual(['sonnet', 'gpt-5']);
    expect(out.rows).toEqual([
      { key: '2025-01-01', label: 'Jan 1', sonnet: 1, 'gpt-5': 0 },
      { key: '2025-01-02', label: 'Jan 2', sonnet: 1, 'gpt-5': 1 },
      { key: '2025-01-03', label: 'Jan 3', sonnet: 0, 'gpt-5': 0 },
    ]);
  });
  it('folds small models into Other', () => {
    const sessions = ['m1', 'm2', 'm3'].map((m, i) => makeSummary({ id: m, cost: 3 - i, lastActivity: day(1), models: [m] }));
    const out = costByDayAndModel(sessions, day(1, 0), day(1, 0), 1);
    expect(out.series).toEqual(['m1', 'Other']);
    expect(out.rows[0]).toMatchObject({ m1: 3, Other: 3 });
  });
});

describe('spreadOverDays', () => {
  it('splits a span by time overlap with each local day', () => {
    const out = spreadOverDays(day(1, 18), day(2, 6));
    expect([...out.keys()]).toEqual(['2025-01-01', '2025-01-02']);
    expect(out.get('2025-01-01')).toBeCloseTo(0.5);
    expect(out.get('2025-01-02')).toBeCloseTo(0.5);
  });
  it('puts an instant on its day', () => {
    expect([...spreadOverDays(day(3), day(3))]).toEqual([['2025-01-03', 1]]);
  });
  it('spreads a multi-day session in the chart', () => {
    const out = costByDayAndModel([makeSummary({ id: 'x', cost: 4, firstActivity: day(1, 12), lastActivity: day(3, 12), models: ['m'] })], day(1, 0), day(3, 0));
    expect(out.rows.map((r) => r.m)).toEqual([1, 2, 1]);
  });
});
