import { describe, expect, it } from 'vitest';
import { rollUpTree } from './roll-up-tree';

const sum = (children: Record<string, string[]>, own: Record<string, number>) =>
  Object.fromEntries(
    rollUpTree(
      Object.keys(own),
      (id) => ({ n: own[id] ?? 0 }),
      (id) => children[id] ?? [],
      (into, from) => (into.n += from.n),
    ).entries(),
  );

describe('rollUpTree', () => {
  it('adds every descendant into each ancestor once', () => {
    const totals = sum({ root: ['a', 'b'], a: ['a1'] }, { root: 1, a: 2, b: 4, a1: 8, solo: 16 });
    expect(Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, v.n]))).toEqual({ root: 15, a: 10, b: 4, a1: 8, solo: 16 });
  });

  it('stops at a parent cycle instead of looping or counting twice', () => {
    const totals = sum({ x: ['y'], y: ['x'] }, { x: 1, y: 2 });
    expect(totals.x?.n).toBe(3);
    expect(totals.y?.n).toBe(2);
  });
});
