import { describe, expect, it } from 'vitest';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import { TreeBuilder } from '@/test/support/tree-builder';
import { getSessionTree } from './get-session-tree';

describe('getSessionTree', () => {
  it('gives a subagent the whole tree of its topmost ancestor', async () => {
    const tree = new TreeBuilder();
    tree.project('p1');
    tree.session('p1', 'ses_root');
    tree.session('p1', 'ses_child', { parentID: 'ses_root' });
    tree.session('p1', 'ses_grandchild', { parentID: 'ses_child' });
    tree.session('p1', 'ses_sibling', { parentID: 'ses_root' });
    tree.session('p1', 'ses_stranger');
    const store = new Store(createReaders({ opencodeDir: tree.dataDir, databases: [] }));
    await store.start();
    const fromGrandchild = await getSessionTree(store, 'ses_grandchild');
    expect(fromGrandchild?.rootID).toBe('ses_root');
    expect(fromGrandchild?.sessions.map((s) => s.id).sort()).toEqual(['ses_child', 'ses_grandchild', 'ses_root', 'ses_sibling']);
    expect((await getSessionTree(store, 'ses_stranger'))?.sessions.map((s) => s.id)).toEqual(['ses_stranger']);
    expect(await getSessionTree(store, 'ses_nope')).toBeUndefined();
    store.stop();
  });
});
