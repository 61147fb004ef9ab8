// Issue 28, item 10: a message file rewritten in place with the same size and its time put back
// kept its old figures after a restart ($0.057 shown, $9.057 on disk): a file's version holds its
// change time, which nobody can set back.
import { mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JsonTreeReader } from '@/lib/server/readers/opencode/json/json-tree-reader';
import { TreeBuilder } from '../support/tree-builder';
import { readOnce } from './support/index-ops';

const costs = (indexFile: string, dataDir: string) =>
  readOnce(indexFile, (cache) => new JsonTreeReader(dataDir, cache), (changes) => changes.messages.filter((m) => m.role === 'assistant').map((m) => m.cost));

describe('a message file rewritten in place, same size, its time put back', () => {
  it('is read again after a restart', async () => {
    const tree = new TreeBuilder();
    tree.project('p1');
    tree.session('p1', 'ses_1');
    tree.message('ses_1', 'msg_u');
    const file = tree.assistant('ses_1', 'msg_a', 'msg_u', { cost: 0.057 });
    // Old enough for the index to keep it (see RACY_MS).
    const then = new Date(Date.now() - 60_000);
    for (const f of [file, path.join(tree.storage, 'message/ses_1/msg_u.json'), path.join(tree.storage, 'session/p1/ses_1.json'), path.join(tree.storage, 'project/p1.json')]) utimesSync(f, then, then);
    const indexFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'sessionscope-idx-')), 'summary-index.db');
    expect(await costs(indexFile, tree.dataDir)).toEqual([0.057]);

    const before = statSync(file);
    const rewritten = readFileSync(file, 'utf8').replace('"cost": 0.057', '"cost": 9.057');
    expect(rewritten.length).toBe(before.size);
    writeFileSync(file, rewritten);
    utimesSync(file, before.atime, before.mtime);
    expect(statSync(file)).toMatchObject({ ino: before.ino, size: before.size, mtimeMs: before.mtimeMs });

    expect(await costs(indexFile, tree.dataDir)).toEqual([9.057]);
  });
});
