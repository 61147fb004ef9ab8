import { describe, expect, it } from 'vitest';
import { makeSummary } from '@/lib/view/test-sessions';
import { buildSessionTree, countNodes, defaultCollapsed, pathTo } from './build-session-tree';
import { layoutSessionTree } from './layout-session-tree';
import { layoutIndentedTree } from './layout-indented-tree';

const s = (id: string, parentID?: string, created = 0) => makeSummary({ id, parentID, time: { created, updated: created } });

const sessions = [s('root'), s('b', 'root', 2), s('a', 'root', 1), s('a1', 'a', 3), s('other'), s('x', 'missing')];

describe('buildSessionTree', () => {
  it('nests children by creation time', () => {
    const root = buildSessionTree('root', sessions);
    expect(root?.children.map((c) => c.id)).toEqual(['a', 'b']);
    expect(root?.children[0]?.children.map((c) => c.id)).toEqual(['a1']);
    expect(root && countNodes(root)).toBe(4);
  });
  it('cuts cycles and misses unknown roots', () => {
    const loop = [s('p', 'q'), s('q', 'p')];
    const root = buildSessionTree('p', loop);
    expect(root && countNodes(root)).toBe(2);
    expect(buildSessionTree('nope', sessions)).toBeUndefined();
  });
});

describe('pathTo', () => {
  it('leads from the root down to a nested session, and nowhere for a stranger', () => {
    const root = buildSessionTree('root', sessions)!;
    expect(pathTo(root, 'a1')).toEqual(['root', 'a', 'a1']);
    expect(pathTo(root, 'root')).toEqual(['root']);
    expect(pathTo(root, 'other')).toEqual([]);
  });
});

describe('defaultCollapsed', () => {
  it('folds deep levels first until few enough show', () => {
    const root = buildSessionTree('root', sessions)!;
    expect(defaultCollapsed(root, 10).size).toBe(0);
    expect([...defaultCollapsed(root, 3)]).toEqual(['a']);
  });
});

describe('layoutSessionTree', () => {
  const opts = { nodeWidth: 100, nodeHeight: 40, gapX: 20, gapY: 10 };
  it('places depth along x and siblings along y without overlap', () => {
    const layout = layoutSessionTree(buildSessionTree('root', sessions)!, new Set(), opts);
    const byId = new Map(layout.nodes.map((n) => [n.id, n]));
    expect(byId.get('root')?.x).toBe(0);
    expect(byId.get('a')?.x).toBe(120);
    expect(byId.get('a1')?.x).toBe(240);
    expect(Math.abs((byId.get('a')?.y ?? 0) - (byId.get('b')?.y ?? 0))).toBeGreaterThanOrEqual(50);
    expect(Math.min(...layout.nodes.map((n) => n.y))).toBe(0);
    expect(layout.width).toBe(340);
    expect(layout.links).toHaveLength(3);
    expect(layout.links[0]?.path).toMatch(/^M100,/);
  });
  it('hides collapsed subtrees and counts them', () => {
    const layout = layoutSessionTree(buildSessionTree('root', sessions)!, new Set(['a']), opts);
    expect(layout.nodes.map((n) => n.id).sort()).toEqual(['a', 'b', 'root']);
    const a = layout.nodes.find((n) => n.id === 'a');
    expect(a).toMatchObject({ collapsed: true, hiddenCount: 1, childCount: 1 });
    expect(layout.width).toBe(220);
  });
});

describe('layoutIndentedTree', () => {
  it('puts one node a row, indented by depth, all within the width it is given', () => {
    const layout = layoutIndentedTree(buildSessionTree('root', sessions)!, new Set(), { width: 340, nodeHeight: 60, indent: 20, gapY: 8 });
    expect(layout.nodes.map((n) => [n.id, n.x, n.y])).toEqual([['root', 0, 0], ['a', 20, 68], ['a1', 40, 136], ['b', 20, 204]]);
    expect(layout.width).toBe(340);
    for (const n of layout.nodes) expect(n.x + layout.nodeWidth).toBeLessThanOrEqual(340);
    expect(layout.links.map((l) => l.id)).toEqual(['root->a', 'a->a1', 'root->b']);
    expect(layoutIndentedTree(buildSessionTree('root', sessions)!, new Set(['a']), { width: 340, nodeHeight: 60, indent: 20, gapY: 8 }).nodes.find((n) => n.id === 'a')).toMatchObject({ collapsed: true, hiddenCount: 1 });
  });
});
