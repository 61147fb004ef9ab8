// Two dashboards on one machine share one session database: starting and writing at the same time
// neither corrupts it nor changes what either answers.
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
const cli = path.join(root, 'test', 'db', 'support', 'store-on-db-cli.ts');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function starts(dataDir: string, file: string, rounds: number): Promise<unknown[]> {
  const { stdout } = await run(process.execPath, ['--conditions=react-server', '--import', 'tsx', cli, dataDir, file, String(rounds)], { cwd: root, maxBuffer: 256 * 2 ** 20 });
  return JSON.parse(stdout) as unknown[];
}

describe('two processes on one session database', () => {
  it('both answer what a start on a database of its own answers, and the file stays sound', { timeout: 180_000 }, async () => {
    const { dataDir, db } = createOpencodeDb({ wal: false });
    dirs.push(dataDir);
    db.transaction(() => {
      for (let s = 0; s < 20; s++) {
        insertSession(db, `ses_${s}`);
        for (let m = 0; m < 200; m++) insertMessage(db, `ses_${s}`, `msg_${s}_${m}`, { role: 'assistant', providerID: 'anthropic', modelID: 'claude-sonnet-4-5', cost: m / 1000, tokens: { input: m, output: 1, reasoning: 0, cache: { read: 0, write: 0 } } });
      }
    })();
    db.close();
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-sessiondb-'));
    dirs.push(cacheDir);
    const file = path.join(cacheDir, 'sessions.db');
    const [alone] = await starts(dataDir, path.join(cacheDir, 'alone.db'), 1);
    expect(alone).toMatchObject({ figures: { complete: true, messages: 4_000 } });
    const [a, b] = await Promise.all([starts(dataDir, file, 3), starts(dataDir, file, 3)]);
    for (const answer of [...(a ?? []), ...(b ?? [])]) expect(answer).toEqual(alone);
    const check = new Database(file, { readonly: true });
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(check.prepare('SELECT count(*) FROM message').pluck().get()).toBe(4_000);
    expect(check.prepare('SELECT count(*) FROM source').pluck().get()).toBe(2);
    check.close();
  });
});
