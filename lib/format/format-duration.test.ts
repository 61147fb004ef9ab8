import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration';

describe('formatDuration', () => {
  it.each([
    [undefined, '—'],
    [-5, '—'],
    [850, '850 ms'],
    [1_240, '1.2 s'],
    [12_400, '12 s'],
    [60_000, '1 min'],
    [200_000, '3 min 20 s'],
    [3_600_000, '1 h'],
    [7_500_000, '2 h 5 min'],
    [86_400_000 * 3 + 3_600_000 * 4, '3 d 4 h'],
  ])('%s -> %s', (ms, text) => expect(formatDuration(ms)).toBe(text));
});
