import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import { createOpencodeDb, insertMessage, insertSession } from '../support/sqlite-builder';
import { TreeBuilder } from '../support/tree-builder';

describe('store merging the JSON tree and the database', () => {
  it('counts a session present in both stores once, takes the database copy, and keeps tree-only sessions', async () => {
    const { dataDir, dbPath, db } = createOpencodeDb();
    insertSession(db, 'ses_shared', { title: 'from the database' });
    insertMessage(db, 'ses_shared', 'msg_u', { role: 'user', agent: 'build' });
    insertMessage(db, 'ses_shared', 'msg_a', { role: 'assistant', parentID: 'msg_u', modelID: 'm', providerID: 'p', cost: 0.5, tokens: { input: 10, output: 5, reasoning: 0, cache: { read: 0, write: 0 } } }, 1_780_000_002_000);
    db.close();
    const tree = new TreeBuilder(dataDir);
    tree.project('proj1');
    tree.session('proj1', 'ses_shared', { title: 'stale JSON copy' });
    tree.message('ses_shared', 'msg_u');
    tree.assistant('ses_shared', 'msg_a', 'msg_u', { cost: 9 });
    tree.assistant('ses_shared', 'msg_only_in_tree', 'msg_u', { cost: 7 });
    tree.session('proj1', 'ses_tree_only', { title: 'never imported' });

    const store = new Store(createReaders({ opencodeDir: dataDir, databases: [dbPath] }));
    await store.start();
    const summaries = store.summaryMap();
    expect([...summaries.keys()].sort()).toEqual(['ses_shared', 'ses_tree_only']);
    const shared = summaries.get('ses_shared');
    expect(shared?.title).toBe('from the database');
    expect(shared?.source).toBe('opencode-sqlite');
    expect(shared?.messageCount).toBe(2);
    expect(shared?.cost).toBe(0.5);
    expect(summaries.get('ses_tree_only')?.source).toBe('opencode-json');
    store.stop();
    expect(path.basename(dbPath)).toBe('opencode.db');
  });

  it('rolls subagent spend up to the parent and counts each child once', async () => {
    const { dataDir, dbPath, db } = createOpencodeDb();
    insertSession(db, 'ses_root');
    insertSession(db, 'ses_child', { parentID: 'ses_root' });
    insertSession(db, 'ses_grandchild', { parentID: 'ses_child' });
    const reply = (cost: number) => ({ role: 'assistant', modelID: 'm', providerID: 'p', cost, tokens: { input: 1, output: 1, reasoning: 0, cache: { read: 0, write: 0 } } });
    insertMessage(db, 'ses_root', 'msg_r', reply(1));
    insertMessage(db, 'ses_child', 'msg_c', reply(2));
    insertMessage(db, 'ses_grandchild', 'msg_g', reply(4));
    db.close();
    const store = new Store(createReaders({ opencodeDir: dataDir, databases: [dbPath] }));
    await store.start();
    const root = store.summaryMap().get('ses_root');
    expect(root?.cost).toBe(1);
    expect(root?.total.cost).toBe(7);
    expect(root?.total.sessionCount).toBe(3);
    expect(root?.childCount).toBe(1);
    store.stop();
  });
});
