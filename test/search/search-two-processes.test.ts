import { execFile } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createOpencodeDb, insertSession } from '../support/sqlite-builder';
import { ask, dump, newCacheDir, openSearch, writeTurn } from './search-support';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..', '..');
const cli = path.join(root, 'test', 'search', 'search-process-cli.ts');

describe('two dashboards on one index', () => {
  it('build and follow the same cache file at once without damaging it, build it only once, and agree with a cold index', async () => {
    const { dataDir, dbPath, db } = createOpencodeDb();
    for (let s = 0; s < 60; s++) {
      insertSession(db, `ses_${s}`, { title: `session ${s}` });
      for (let n = 1; n <= 4; n++) writeTurn(db, `ses_${s}`, n, { prompt: `alpha question ${s} ${n}`, reply: `bravo answer ${s}`, tool: `cat file${n}.ts`, output: 'x'.repeat(200) });
    }
    const cacheDir = newCacheDir();
    // The product's build: in a worker thread of each process.
    const start = () =>
      run(process.execPath, ['--conditions=react-server', '--import', 'tsx', cli, dataDir, dbPath, cacheDir, '2500', 'charlie'], { cwd: root, env: { ...process.env, SESSIONSCOPE_SEARCH_BUILD: 'worker' } });
    const both = Promise.all([start(), start()]);
    // Writes while both follow the database.
    for (let s = 0; s < 10; s++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      writeTurn(db, `ses_${s}`, 5, { prompt: `charlie late question ${s}`, reply: 'delta' }, 1_790_000_000_000 + s);
    }
    const runs = await both;
    const outputs = runs.map((r) => JSON.parse(r.stdout) as { hits: number; built: number; retries: number });
    expect(outputs.map((o) => o.hits)).toEqual([20, 20]);
    // One of them built the index; the other waited for it, found the sessions written, and read
    // again at most those written to meanwhile (10).
    const [waited = 0, builder = 0] = outputs.map((o) => o.built).sort((a, b) => a - b);
    expect(builder).toBe(60);
    expect(waited).toBeLessThanOrEqual(10);
    expect(outputs.map((o) => o.retries)).toEqual([0, 0]);
    for (const r of runs) expect(r.stderr).not.toMatch(/search index|SQLITE_BUSY|database is locked/i);
    const shared = await openSearch(dataDir, dbPath, cacheDir);
    const check = new Database(shared.search.file, { readonly: true });
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
    check.close();
    const cold = await openSearch(dataDir, dbPath, newCacheDir());
    expect(dump(shared.search)).toEqual(dump(cold.search));
    expect((await ask(shared.search, 'charlie', { limit: 100 })).hits).toHaveLength(20);
    shared.close();
    cold.close();
  }, 120_000);

  it('a second dashboard started while the first follows the data reads nothing again', async () => {
    const { dataDir, dbPath, db } = createOpencodeDb();
    for (let s = 0; s < 60; s++) {
      insertSession(db, `ses_${s}`, { title: `session ${s}` });
      writeTurn(db, `ses_${s}`, 1, { prompt: `alpha question ${s}`, reply: `bravo answer ${s}` });
    }
    const cacheDir = newCacheDir();
    // The first follows until the second is done (a fixed time ran out before a loaded machine started the second).
    const stopFile = path.join(cacheDir, 'stop-following');
    const start = (followMs: string) =>
      run(process.execPath, ['--conditions=react-server', '--import', 'tsx', cli, dataDir, dbPath, cacheDir, followMs, 'bravo'], { cwd: root, env: { ...process.env, SESSIONSCOPE_SEARCH_BUILD: 'worker', SESSIONSCOPE_TEST_STOP_FILE: stopFile } });
    const first = start('90000');
    // Once the first has caught up (and, following the database, written its sessions again live), the second starts.
    const followed = () => {
      const name = readdirSync(cacheDir).find((n) => n.endsWith('.db'));
      if (!name) return false;
      const index = new Database(path.join(cacheDir, name), { readonly: true });
      try {
        return index.prepare("SELECT 1 FROM meta WHERE key = 'followed-by'").get() !== undefined;
      } catch {
        return false; // its tables are not there yet
      } finally {
        index.close();
      }
    };
    await expect.poll(followed, { timeout: 60_000 }).toBe(true);
    const second = JSON.parse((await start('0')).stdout) as { hits: number; built: number };
    writeFileSync(stopFile, '');
    expect(second).toMatchObject({ hits: 60, built: 0 });
    expect(JSON.parse((await first).stdout)).toMatchObject({ hits: 60, built: 60 });
  }, 120_000);
});
