import { describe, expect, it } from 'vitest';
import { appendAll, maxOf } from './append-all';

describe('appendAll and maxOf', () => {
  it('take a million items, where a spread into push or Math.max overflows the stack', () => {
    const many = Array.from({ length: 1_000_000 }, (_, i) => i);
    expect(() => [0].push(...many)).toThrow(RangeError);
    expect(appendAll([-1], many)).toHaveLength(1_000_001);
    expect(maxOf(many, 0)).toBe(999_999);
    expect(maxOf([], 0)).toBe(0);
  });
});
