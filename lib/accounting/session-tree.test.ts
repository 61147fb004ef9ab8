import { describe, expect, it } from 'vitest';
import { rootSessionIndex, subtreeSessionIDs } from './session-tree';

const tree = [
  { id: 'root' },
  { id: 'child', parentID: 'root' },
  { id: 'grandchild', parentID: 'child' },
  { id: 'orphan', parentID: 'deleted' },
  { id: 'other' },
];

describe('session trees', () => {
  it('maps each session to its root', () => {
    const roots = rootSessionIndex(tree);
    expect(Object.fromEntries(roots)).toEqual({ root: 'root', child: 'root', grandchild: 'root', orphan: 'orphan', other: 'other' });
  });

  it('survives parent cycles', () => {
    const roots = rootSessionIndex([{ id: 'a', parentID: 'b' }, { id: 'b', parentID: 'a' }]);
    expect(roots.get('a')).toBe(roots.get('b'));
  });

  it('lists a subtree', () => {
    expect([...subtreeSessionIDs(tree, ['child'])].sort()).toEqual(['child', 'grandchild']);
    expect([...subtreeSessionIDs(tree, ['root', 'other'])].sort()).toEqual(['child', 'grandchild', 'other', 'root']);
  });
});
