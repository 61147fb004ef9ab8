// The persistent summary index (OpenCode's JSON tree keeps its messages' figures there): a damaged
// file or one of another version is started over, and the answers stay those of a cold read.
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { answers, readOnce } from './support/index-ops';
import { IndexCache } from '@/lib/server/index-cache/index-cache';
import { JsonTreeReader } from '@/lib/server/readers/opencode/json/json-tree-reader';
import { TreeBuilder } from '../support/tree-builder';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-index-'));
  dirs.push(dir);
  return dir;
}

function readWith(dataDir: string, indexFile?: string): Promise<ReturnType<typeof answers>> {
  return readOnce(indexFile, (cache) => new JsonTreeReader(dataDir, cache), answers);
}

/** A tree with one assistant message, written a minute ago (the index keeps no file written in the last two seconds), and where its index goes. */
function oneMessage() {
  const tree = new TreeBuilder();
  dirs.push(tree.dataDir);
  tree.project('proj1');
  tree.session('proj1', 'ses_1');
  const file = tree.assistant('ses_1', 'msg_1', 'msg_u', { cost: 0.05 });
  const past = new Date(Date.now() - 60_000);
  utimesSync(file, past, past);
  return { dataDir: tree.dataDir, indexFile: path.join(tempDir(), 'summary-index.db') };
}

describe('persistent summary index', () => {
  it('a corrupt index file is rebuilt, and the answers stay those of a cold read', async () => {
    const { dataDir, indexFile } = oneMessage();
    writeFileSync(indexFile, Buffer.alloc(8192, 0x5a));
    expect(await readWith(dataDir, indexFile)).toEqual(await readWith(dataDir));
    const index = new Database(indexFile, { readonly: true });
    expect(index.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(index.prepare('SELECT count(*) FROM entry').pluck().get()).toBeGreaterThan(0);
    index.close();
  });

  it('an index written by another version is started over', () => {
    const indexFile = path.join(tempDir(), 'summary-index.db');
    const first = IndexCache.open(indexFile);
    first?.update('s', [['k', 'v', 'x']]);
    first?.close();
    const raw = new Database(indexFile);
    raw.prepare("UPDATE meta SET value = '0' WHERE key = 'version'").run();
    raw.close();
    const again = IndexCache.open(indexFile);
    expect(again?.query('s').size).toBe(0);
    again?.update('s', [['k', 'v2', 'y']]);
    expect(again?.query('s').get('k')).toEqual({ version: 'v2', value: 'y' });
    again?.close();
  });
});
