import { realpathSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTreeContent } from '../readers/opencode/json/json-tree-content';
import { readTreePartsSync } from './tree-parts-sync';

const STORAGE = path.resolve(import.meta.dirname, '..', '..', '..', 'test', 'fixtures', 'opencode-1.1.65', 'storage');

describe('the build worker reading the JSON tree', () => {
  it("reads every session's parts as the tree reader does (real OpenCode 1.1 data)", async () => {
    const sessions = readdirSync(path.join(STORAGE, 'message'));
    expect(sessions.length).toBeGreaterThan(3);
    let parts = 0;
    for (const id of sessions) {
      const sync = readTreePartsSync(STORAGE, realpathSync(STORAGE), id);
      const reader = await loadTreeContent(STORAGE, id, { extras: false });
      const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
      expect(sync.parts.sort(byId)).toEqual(reader.parts.sort(byId));
      expect(sync.failed).toBe(reader.issues.length > 0);
      parts += sync.parts.length;
    }
    expect(parts).toBeGreaterThan(20);
  });
});

describe('the signature of a JSON-tree session taken while its parts are read', () => {
  it('equals the one a stat pass gives: a session indexed cold is not read again at the next start', async () => {
    const { treeSignaturesSync } = await import('./tree-parts-sync');
    const sessions = readdirSync(path.join(STORAGE, 'message'));
    const stat = treeSignaturesSync(STORAGE, sessions);
    for (const id of sessions) expect(readTreePartsSync(STORAGE, realpathSync(STORAGE), id).signature).toBe(stat.get(id));
    expect(new Set(stat.values()).size).toBeGreaterThan(1);
  });
});
