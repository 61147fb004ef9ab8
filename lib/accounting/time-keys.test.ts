import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTimeKeyer, sharedTimeKeyer, fixedOffsetMinutes, isoWeekOfDay, isValidTimeZone, mondayOfIsoWeek } from './time-keys';

const T = Date.UTC(2026, 2, 29, 0, 30); // 2026-03-29 00:30 UTC, the night Europe moves to summer time

describe('time keys', () => {
  it('parses fixed offsets', () => {
    expect(fixedOffsetMinutes('+05:30')).toBe(330);
    expect(fixedOffsetMinutes('-0800')).toBe(-480);
    expect(fixedOffsetMinutes('UTC')).toBe(0);
    expect(fixedOffsetMinutes('Z')).toBe(0);
    expect(fixedOffsetMinutes(-60)).toBe(-60);
    expect(fixedOffsetMinutes('Europe/Paris')).toBeUndefined();
  });

  it('keys days and hours in a fixed offset', () => {
    expect(createTimeKeyer('UTC').hour(T)).toBe('2026-03-29T00');
    expect(createTimeKeyer('-01:00').day(T)).toBe('2026-03-28');
    expect(createTimeKeyer('+05:30').hour(T)).toBe('2026-03-29T06');
  });

  it('keys ISO weeks (Monday first, week-year at the turn of the year) and months', () => {
    expect(isoWeekOfDay('2026-11-16')).toBe('2026-W47'); // a Monday
    expect(isoWeekOfDay('2026-11-22')).toBe('2026-W47'); // the Sunday after
    expect(isoWeekOfDay('2026-11-23')).toBe('2026-W48');
    expect(isoWeekOfDay('2027-01-01')).toBe('2026-W53'); // a Friday: still the old year's last week
    expect(isoWeekOfDay('2024-12-30')).toBe('2025-W01'); // a Monday in the next week-year
    expect(mondayOfIsoWeek('2025-W01')).toBe('2024-12-30');
    expect(mondayOfIsoWeek('2026-W47')).toBe('2026-11-16');
    // Sunday 23:30 UTC is Monday in Tokyo: a new week there, not in UTC.
    const sundayLate = Date.UTC(2026, 10, 22, 23, 30);
    expect(createTimeKeyer('UTC').week(sundayLate)).toBe('2026-W47');
    expect(createTimeKeyer('Asia/Tokyo').week(sundayLate)).toBe('2026-W48');
    expect(createTimeKeyer('-05:00').month(Date.UTC(2026, 11, 1, 2))).toBe('2026-11');
  });

  it('follows an IANA zone across a DST change', () => {
    const paris = createTimeKeyer('Europe/Paris');
    expect(paris.hour(T)).toBe('2026-03-29T01'); // UTC+1
    expect(paris.hour(T + 3_600_000)).toBe('2026-03-29T03'); // UTC+2: 02:xx never happens
    expect(createTimeKeyer('America/Los_Angeles').day(T)).toBe('2026-03-28');
  });

  it('agrees with the cache for many timestamps', () => {
    const k = createTimeKeyer('Asia/Kathmandu'); // +05:45
    for (let ms = T; ms < T + 86_400_000; ms += 7 * 60_000) {
      const shifted = new Date(ms + 345 * 60_000).toISOString();
      expect(k.hour(ms)).toBe(`${shifted.slice(0, 10)}T${shifted.slice(11, 13)}`);
    }
  });

  it('validates zones', () => {
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
    expect(isValidTimeZone('+02:00')).toBe(true);
    expect(isValidTimeZone(undefined)).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('keys in named zones, the offset looked up once per day', () => {
  // Odd offsets, half-hour DST (Lord Howe), a zone that skipped a whole day (Apia, end of 2011),
  // and the DST changes of both hemispheres.
  const ZONES = ['Europe/Paris', 'America/New_York', 'Asia/Kathmandu', 'America/St_Johns', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Pacific/Apia', 'Asia/Tehran', 'America/Santiago'];
  const direct = (zone: string) => {
    const format = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' });
    return (ms: number): string => {
      const p = Object.fromEntries(format.formatToParts(ms).map((x) => [x.type, x.value]));
      return `${p.year}-${p.month}-${p.day}T${p.hour}`;
    };
  };

  it('gives every timestamp the hour a formatter of that zone gives it, across DST changes and skipped days', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.array(fc.integer({ min: Date.UTC(2010, 0, 1), max: Date.UTC(2027, 0, 1) }), { minLength: 1, maxLength: 50 }), (zone, times) => {
        const keyer = createTimeKeyer(zone);
        const expected = direct(zone);
        for (const ms of times) expect(keyer.hour(ms)).toBe(expected(ms));
      }),
      { numRuns: 300 },
    );
  });

  it('is right on every quarter hour of the days a zone changes its offset', () => {
    const days = [Date.UTC(2026, 2, 29), Date.UTC(2026, 9, 25), Date.UTC(2026, 2, 8), Date.UTC(2026, 10, 1), Date.UTC(2026, 3, 5), Date.UTC(2011, 11, 29), Date.UTC(2011, 11, 30), Date.UTC(2026, 8, 6)];
    for (const zone of ZONES) {
      const keyer = createTimeKeyer(zone);
      const expected = direct(zone);
      for (const start of days) for (let ms = start - 86_400_000; ms < start + 2 * 86_400_000; ms += 15 * 60_000) expect(keyer.hour(ms + 7 * 60_000)).toBe(expected(ms + 7 * 60_000));
    }
  });

  it('is shared per zone: a second stats pass reuses the first one’s keys', () => {
    expect(sharedTimeKeyer('Europe/Paris')).toBe(sharedTimeKeyer('Europe/Paris'));
    expect(sharedTimeKeyer('+02:00')).not.toBe(sharedTimeKeyer('Europe/Paris'));
    expect(sharedTimeKeyer(120)).toBe(sharedTimeKeyer(120));
    expect(sharedTimeKeyer(120).hour(Date.UTC(2026, 0, 1, 23))).toBe('2026-01-02T01');
    expect(sharedTimeKeyer(undefined)).toBe(sharedTimeKeyer());
  });
});
