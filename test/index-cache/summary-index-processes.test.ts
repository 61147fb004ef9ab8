// Two dashboards on one machine share one summary index: reading and writing it at the same time
// neither corrupts it nor changes what either of them answers.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { TreeBuilder } from '../support/tree-builder';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..', '..');
const cli = path.join(root, 'test', 'index-cache', 'support', 'read-with-index-cli.ts');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function readTwice(dataDir: string, indexFile: string): Promise<string[][]> {
  const { stdout } = await run(process.execPath, ['--conditions=react-server', '--import', 'tsx', cli, dataDir, indexFile, '3'], { cwd: root, maxBuffer: 64 * 2 ** 20 });
  return JSON.parse(stdout) as string[][];
}

describe('two processes on one summary index', () => {
  it('both answer what a cold read answers, and the index stays sound', { timeout: 120_000 }, async () => {
    const tree = new TreeBuilder();
    dirs.push(tree.dataDir);
    tree.project('proj1');
    for (let s = 0; s < 20; s++) {
      tree.session('proj1', `ses_${s}`);
      for (let m = 0; m < 100; m++) tree.assistant(`ses_${s}`, `msg_${s}_${m}`, 'msg_u', { cost: m / 1000, tokens: { input: m, output: 1 } });
    }
    // Written a minute ago: the index keeps no file written in the last two seconds.
    const past = new Date(Date.now() - 60_000);
    for (const file of readdirSync(tree.storage, { recursive: true }) as string[]) if (statSync(path.join(tree.storage, file)).isFile()) utimesSync(path.join(tree.storage, file), past, past);
    const dataDir = tree.dataDir;
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-index-'));
    dirs.push(cacheDir);
    const indexFile = path.join(cacheDir, 'summary-index.db');
    const cold = (await readTwice(dataDir, path.join(cacheDir, 'other.db')))[0];
    expect(cold).toHaveLength(2000);
    const [a, b] = await Promise.all([readTwice(dataDir, indexFile), readTwice(dataDir, indexFile)]);
    for (const read of [...(a ?? []), ...(b ?? [])]) expect(read).toEqual(cold);
    const index = new Database(indexFile, { readonly: true });
    expect(index.pragma('integrity_check', { simple: true })).toBe('ok');
    // Every message file has its entry.
    expect(index.prepare('SELECT count(*) FROM entry').pluck().get()).toBeGreaterThanOrEqual(2000);
    index.close();
  });
});
