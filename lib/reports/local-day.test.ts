import { describe, expect, it } from 'vitest';
import { nextDay, parseDayArg, startOfLocalDay } from './local-day';

describe('local days for --since and --until', () => {
  it('reads YYYY-MM-DD and YYYYMMDD, and refuses what is no day', () => {
    expect(parseDayArg('2026-11-26')).toBe('2026-11-26');
    expect(parseDayArg('20261126')).toBe('2026-11-26');
    expect(parseDayArg('2026-02-31')).toBeUndefined();
    expect(parseDayArg('2026-13-01')).toBeUndefined();
    expect(parseDayArg('yesterday')).toBeUndefined();
  });

  it("starts a day at its zone's midnight, also on the days the clocks change", () => {
    expect(startOfLocalDay('2026-11-26', 'UTC')).toBe(Date.UTC(2026, 10, 26));
    expect(startOfLocalDay('2026-11-26', 'Asia/Kathmandu')).toBe(Date.UTC(2026, 10, 25, 18, 15));
    expect(startOfLocalDay('2026-07-01', 'America/New_York')).toBe(Date.UTC(2026, 6, 1, 4));
    // Clocks went back at 02:00 on 1 November: the 2nd starts five hours after UTC midnight.
    expect(startOfLocalDay('2026-11-02', 'America/New_York')).toBe(Date.UTC(2026, 10, 2, 5));
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });
});
