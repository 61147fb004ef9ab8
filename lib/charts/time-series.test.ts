import { describe, expect, it } from 'vitest';
import { emptyTokens } from '@/lib/model/tokens';
import { buildTimeSeries, hasUsage, timeKeys, timeLabel } from './time-series';

const figure = (cost: number, input: number) => ({ storedCost: cost, computedCost: cost * 3, unpricedMessages: 0, messages: 1, tokens: { ...emptyTokens(), input, cacheRead: input * 2 } });

describe('timeKeys', () => {
  it('lists local days and hours inclusively', () => {
    expect(timeKeys('day', new Date(2025, 0, 30, 15).getTime(), new Date(2025, 1, 2, 1).getTime())).toEqual(['2025-01-30', '2025-01-31', '2025-02-01', '2025-02-02']);
    expect(timeKeys('hour', new Date(2025, 0, 1, 22, 30).getTime(), new Date(2025, 0, 2, 0, 10).getTime())).toEqual(['2025-01-01T22', '2025-01-01T23', '2025-01-02T00']);
  });
  it('caps huge ranges', () => {
    expect(timeKeys('hour', 0, 1e13).length).toBe(2000);
  });
});

describe('timeLabel', () => {
  it('labels days and hours', () => {
    expect(timeLabel('2025-03-04')).toBe('Mar 4');
    expect(timeLabel('2025-03-04T09')).toBe('09:00');
    expect(timeLabel('other')).toBe('other');
  });
});

describe('buildTimeSeries', () => {
  it('fills gaps with zeros and copies figures', () => {
    const rows = buildTimeSeries([{ key: '2025-01-02', label: '', figure: figure(1.5, 100) }], 'day', new Date(2025, 0, 1).getTime(), new Date(2025, 0, 3).getTime());
    expect(rows.map((r) => r.key)).toEqual(['2025-01-01', '2025-01-02', '2025-01-03']);
    expect(rows[1]).toMatchObject({ label: 'Jan 2', cost: 1.5, apiCost: 4.5, input: 100, cacheRead: 200, output: 0 });
    expect(rows[0]?.cost).toBe(0);
  });
});

describe('hasUsage', () => {
  it('is false for a range of zero rows only (today, before any session)', () => {
    const day = new Date(2025, 0, 30, 12).getTime();
    expect(hasUsage(buildTimeSeries([], 'hour', day, day + 3_600_000))).toBe(false);
    expect(hasUsage(buildTimeSeries([{ key: '2025-01-30', label: '2025-01-30', figure: figure(0, 10) }], 'day', day, day))).toBe(true);
  });
});
