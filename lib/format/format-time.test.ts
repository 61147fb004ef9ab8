import { describe, expect, it } from 'vitest';
import { formatExactTime, formatRelativeTime, localDayKey, localHourKey } from './format-time';

const now = new Date(2025, 2, 10, 12, 0, 0).getTime();

describe('formatRelativeTime', () => {
  it.each([
    [now - 10_000, 'just now'],
    [now - 5 * 60_000, '5 min ago'],
    [now - 3 * 3_600_000, '3 h ago'],
    [now - 30 * 3_600_000, 'yesterday'],
    [now - 4 * 86_400_000, '4 d ago'],
    [now + 10 * 60_000, 'in 10 min'],
    [new Date(2024, 0, 2).getTime(), '2024-01-02'],
    [0, 'never'],
  ])('%s -> %s', (ms, text) => expect(formatRelativeTime(ms, now)).toBe(text));
});

describe('exact time and keys', () => {
  it('formats local time', () => {
    const ms = new Date(2025, 2, 4, 14, 5, 9).getTime();
    expect(formatExactTime(ms)).toBe('2025-03-04 14:05:09');
    expect(localDayKey(ms)).toBe('2025-03-04');
    expect(localHourKey(ms)).toBe('2025-03-04T14');
    expect(formatExactTime(0)).toBe('');
  });
});
