import { describe, expect, it } from 'vitest';
import { shadeOf, weekdayHourGrid, weekdayOf } from './activity-grid';
import { addDays, yearCalendar } from './year-calendar';

const hour = (key: string, tokens: number, cost = 0) => ({ key, tokens, cost, apiCost: cost * 2, messages: 1 });

describe('weekday × hour grid', () => {
  it('puts each local hour under its weekday (Monday first) and hour, summing every week', () => {
    expect(weekdayOf('2026-11-23')).toBe(0); // a Monday
    expect(weekdayOf('2026-11-29')).toBe(6);
    const grid = weekdayHourGrid([hour('2026-11-23T09', 100, 1), hour('2026-11-30T09', 50, 0.5), hour('2026-11-29T23', 7)]);
    expect(grid.cells[0]![9]).toEqual({ tokens: 150, cost: 1.5, apiCost: 3, messages: 2 });
    expect(grid.cells[6]![23]!.tokens).toBe(7);
    expect(grid.total).toEqual({ tokens: 157, cost: 1.5, apiCost: 3, messages: 3 });
    expect(grid.max.tokens).toBe(150);
  });

  it('leaves out hours before the range', () => {
    expect(weekdayHourGrid([hour('2026-11-22T09', 100), hour('2026-11-23T09', 1)], '2026-11-23').total.tokens).toBe(1);
  });

  it('shades nothing as 0 and the largest as 4; any use is at least 1', () => {
    expect([shadeOf(0, 10), shadeOf(0.01, 10), shadeOf(5, 10), shadeOf(10, 10)]).toEqual([0, 1, 2, 4]);
  });
});

describe('year calendar', () => {
  it('ends with the week of today, Monday to Sunday, days after today left out, each day summed', () => {
    const cal = yearCalendar([hour('2026-11-26T09', 10), hour('2026-11-26T15', 5), hour('2025-01-01T00', 999)], '2026-11-26');
    expect(cal.weeks).toHaveLength(53);
    const last = cal.weeks.at(-1)!;
    expect(last[0]!.day).toBe('2026-11-23');
    expect(last[3]).toMatchObject({ day: '2026-11-26', tokens: 15, messages: 2 });
    expect(last.slice(4)).toEqual([undefined, undefined, undefined]);
    expect(cal.weeks[0]![0]!.day).toBe(addDays('2026-11-23', -52 * 7));
    // A day before the calendar's first week is not in it.
    expect(cal.total.tokens).toBe(15);
    expect(cal.months.at(-1)).toEqual({ week: cal.weeks.findIndex((w) => w.some((d) => d?.day === '2026-11-01')), label: 'Nov' });
  });

  it('counts days by their keys across a DST change (no day twice, none lost)', () => {
    const cal = yearCalendar([], '2026-11-01');
    const days = cal.weeks.flat().filter((d) => d !== undefined).map((d) => d.day);
    expect(new Set(days).size).toBe(days.length);
    expect(days).toContain('2026-03-29');
    expect(days).toContain('2026-10-25');
  });
});
