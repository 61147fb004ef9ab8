import { describe, expect, it } from 'vitest';
import { planCost, type CostNode } from './plan-cost';

const tree: Record<string, CostNode> = {
  root: { totalCost: 10 },
  child: { parentID: 'root', totalCost: 4 },
  grandchild: { parentID: 'child', totalCost: 1 },
  other: { totalCost: 2 },
  loopA: { parentID: 'loopB', totalCost: 1 },
  loopB: { parentID: 'loopA', totalCost: 1 },
};
const lookup = (id: string) => tree[id];

describe('planCost', () => {
  it('adds the totals of the listed sessions', () => {
    expect(planCost(['root', 'other'], lookup)).toBe(12);
  });

  it('does not count a listed subagent (or its subagent) twice', () => {
    expect(planCost(['root', 'grandchild', 'other'], lookup)).toBe(12);
    expect(planCost(['child', 'grandchild'], lookup)).toBe(4);
  });

  it('skips sessions that are not loaded, repeated ids and parent loops', () => {
    expect(planCost(['gone', 'other', 'other'], lookup)).toBe(2);
    expect(planCost(['loopA'], lookup)).toBe(1);
  });
});
