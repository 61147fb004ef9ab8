// Two dashboards on one machine share one summary index: reading and writing it at the same time
// neither corrupts it nor changes what either of them answers.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createOpencodeDb, insertMessage, insertSession } from '../support/sqlite-builder';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..', '..');
const cli = path.join(root, 'test', 'index-cache', 'support', 'read-with-index-cli.ts');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function readTwice(dbPath: string, dataDir: string, indexFile: string): Promise<string[][]> {
  const { stdout } = await run(process.execPath, ['--conditions=react-server', '--import', 'tsx', cli, dbPath, dataDir, indexFile, '3'], { cwd: root, maxBuffer: 64 * 2 ** 20 });
  return JSON.parse(stdout) as string[][];
}

describe('two processes on one summary index', () => {
  it('both answer what a cold read answers, and the index stays sound', { timeout: 120_000 }, async () => {
    const { dataDir, dbPath, db } = createOpencodeDb({ wal: false });
    dirs.push(dataDir);
    db.transaction(() => {
      for (let s = 0; s < 20; s++) {
        insertSession(db, `ses_${s}`);
        for (let m = 0; m < 300; m++) insertMessage(db, `ses_${s}`, `msg_${s}_${m}`, { role: 'assistant', cost: m / 1000, tokens: { input: m, output: 1, reasoning: 0, cache: { read: 0, write: 0 } } });
      }
    })();
    db.close();
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-index-'));
    dirs.push(cacheDir);
    const indexFile = path.join(cacheDir, 'summary-index.db');
    const cold = (await readTwice(dbPath, dataDir, path.join(cacheDir, 'other.db')))[0];
    expect(cold).toHaveLength(6000);
    const [a, b] = await Promise.all([readTwice(dbPath, dataDir, indexFile), readTwice(dbPath, dataDir, indexFile)]);
    for (const read of [...(a ?? []), ...(b ?? [])]) expect(read).toEqual(cold);
    const index = new Database(indexFile, { readonly: true });
    expect(index.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(index.prepare('SELECT count(*) FROM entry').pluck().get()).toBe(6001);
    index.close();
  });
});
