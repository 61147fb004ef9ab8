import { describe, expect, it } from 'vitest';
import { matchingQuickRange, quickRangeDays, timeUnitFor } from './quick-ranges';

const NOW = new Date(2026, 10, 22, 15, 30).getTime(); // Sunday 22 Nov 2026, local

describe('quick ranges', () => {
  it('turns each range into local days, today included', () => {
    expect(quickRangeDays('today', NOW)).toEqual({ from: '2026-11-22' });
    expect(quickRangeDays('7d', NOW)).toEqual({ from: '2026-11-16' });
    expect(quickRangeDays('30d', NOW)).toEqual({ from: '2026-10-24' });
    expect(quickRangeDays('month', NOW)).toEqual({ from: '2026-11-01' });
    expect(quickRangeDays('year', NOW)).toEqual({ from: '2026-01-01' });
    expect(quickRangeDays('all', NOW)).toEqual({});
  });

  it('recognises a range typed into the date fields, not one that ends before today', () => {
    expect(matchingQuickRange({ from: '2026-11-16' }, NOW)).toBe('7d');
    expect(matchingQuickRange({ from: '2026-11-16', to: '2026-11-22' }, NOW)).toBe('7d');
    expect(matchingQuickRange({ from: '2026-11-16', to: '2026-11-20' }, NOW)).toBeUndefined();
    expect(matchingQuickRange({}, NOW)).toBe('all');
    expect(matchingQuickRange({ from: '2026-11-15' }, NOW)).toBeUndefined();
  });

  it('groups long ranges by week, then month, so a chart stays readable', () => {
    expect(timeUnitFor(NOW - 29 * 86_400_000, NOW)).toBe('day');
    expect(timeUnitFor(NOW - 200 * 86_400_000, NOW)).toBe('week');
    expect(timeUnitFor(NOW - 900 * 86_400_000, NOW)).toBe('month');
    expect(timeUnitFor(undefined, NOW)).toBe('month');
  });
});
