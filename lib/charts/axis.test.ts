import { describe, expect, it } from 'vitest';
import { costAxis, evenTicks } from './axis';

describe('chart axes', () => {
  it('a session that cost $0 gets no cost axis; otherwise the axis fits the largest cost', () => {
    expect(costAxis([{ cost: 0, apiCost: 0 }, { cost: 0 }], ['cost', 'apiCost'])).toEqual({ show: false, max: 0 });
    expect(costAxis([{ cost: 0.02, apiCost: 0.5 }, { cost: 0.1 }], ['cost', 'apiCost'])).toEqual({ show: true, max: 0.5 });
  });

  it('thins ticks evenly, keeping the first and last, the same for charts with the same days', () => {
    const days = Array.from({ length: 30 }, (_, i) => `d${i + 1}`);
    const ticks = evenTicks(days, 8);
    expect(ticks.length).toBeLessThanOrEqual(8);
    expect(ticks[0]).toBe('d1');
    expect(ticks.at(-1)).toBe('d30');
    expect(evenTicks(days, 8)).toEqual(ticks);
    expect(evenTicks(['a', 'b'], 8)).toEqual(['a', 'b']);
  });

  it('never puts two ticks closer than the rest (the last day beside the one before it: labels overlapped)', () => {
    for (const max of [5, 8]) {
      for (let n = max + 1; n <= 400; n++) {
        const indexes = evenTicks(Array.from({ length: n }, (_, i) => i), max);
        expect(indexes.length).toBeLessThanOrEqual(max);
        expect(indexes[0]).toBe(0);
        expect(indexes.at(-1)).toBe(n - 1);
        const gaps = indexes.slice(1).map((v, i) => v - indexes[i]!);
        expect(Math.min(...gaps)).toBeGreaterThanOrEqual(Math.max(...gaps.slice(0, -1), 1));
      }
    }
    // 30 days that start Oct 29 (26 days): Nov 22 and Nov 23 were both labelled.
    const days = evenTicks(Array.from({ length: 26 }, (_, i) => i), 8);
    expect(days).not.toContain(24);
    // Six days on a phone (five ticks at most): "Nov 25Nov 26".
    expect(evenTicks(['Nov 21', 'Nov 22', 'Nov 23', 'Nov 24', 'Nov 25', 'Nov 26'], 5)).toEqual(['Nov 21', 'Nov 23', 'Nov 26']);
  });
});
