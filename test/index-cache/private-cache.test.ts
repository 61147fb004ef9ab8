// Issue 28, items 7 and 8: the cache is private and never written through a link. A cache folder
// that already existed as 0755 stayed so, the database files were 0644 (and the search index's
// vocabulary lists every indexed word), and `summary-index.db` linked to `opencode.db` had tables
// written into OpenCode's database.
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { IndexCache } from '@/lib/server/index-cache/index-cache';
import { openSearchDb } from '@/lib/server/search/search-db';

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

const mode = (file: string): string => (statSync(file).mode & 0o777).toString(8);
const sha = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');

/** A cache folder as an older version (or a umask of 022) left it: 0755, a 0644 index inside. */
function openCacheFolder(): string {
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'sessionscope-priv-')), 'sessionscope');
  mkdirSync(dir, { mode: 0o755 });
  chmodSync(dir, 0o755);
  return dir;
}

/** What OpenCode's database looks like to the test: a SQLite file with one table. */
function opencodeDb(): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'sessionscope-oc-')), 'opencode.db');
  const db = new Database(file);
  db.exec('CREATE TABLE session (id TEXT PRIMARY KEY)');
  db.close();
  return file;
}

describe('the cache folder', () => {
  it('is made 0700 and its database files 0600, whatever existed before', () => {
    const dir = openCacheFolder();
    const file = path.join(dir, 'summary-index.db');
    writeFileSync(file, '');
    chmodSync(file, 0o644);
    const cache = IndexCache.open(file);
    expect(cache).toBeDefined();
    closers.push(() => cache?.close());
    cache?.update('src', [['k', 'v1', '{}']]);
    const search = openSearchDb(path.join(dir, 'search-v3-test.db')).db;
    closers.push(() => search.close());
    search.exec("INSERT INTO meta(key, value) VALUES ('probe', 'x') ON CONFLICT DO NOTHING");
    expect(mode(dir)).toBe('700');
    for (const name of ['summary-index.db', 'summary-index.db-wal', 'summary-index.db-shm', 'search-v3-test.db', 'search-v3-test.db-wal', 'search-v3-test.db-shm']) {
      expect(existsSync(path.join(dir, name)), name).toBe(true);
      expect(mode(path.join(dir, name)), name).toBe('600');
    }
  });

  it('leaves a shared temp folder (sticky, as /tmp) as it is: a cache file named straight in it is 0600, the folder stays open', () => {
    const shared = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-shared-'));
    chmodSync(shared, 0o1777);
    const cache = IndexCache.open(path.join(shared, 'summary-index.db'));
    closers.push(() => cache?.close());
    expect((statSync(shared).mode & 0o7777).toString(8)).toBe('1777');
    expect(mode(path.join(shared, 'summary-index.db'))).toBe('600');
  });

  it('never writes through a link: a cache file linked to OpenCode\'s database is replaced, the database untouched', () => {
    const dir = openCacheFolder();
    const target = opencodeDb();
    const before = sha(target);
    symlinkSync(target, path.join(dir, 'summary-index.db'));
    symlinkSync(target, path.join(dir, 'search-v3-test.db'));
    symlinkSync(`${target}-wal`, path.join(dir, 'search-v3-test.db-wal'));
    const cache = IndexCache.open(path.join(dir, 'summary-index.db'));
    closers.push(() => cache?.close());
    cache?.update('src', [['k', 'v1', '{}']]);
    const search = openSearchDb(path.join(dir, 'search-v3-test.db')).db;
    closers.push(() => search.close());
    expect(sha(target)).toBe(before);
    expect(existsSync(`${target}-wal`)).toBe(false);
    for (const name of ['summary-index.db', 'search-v3-test.db']) expect(lstatSync(path.join(dir, name)).isSymbolicLink(), name).toBe(false);
    expect(cache?.version('src', 'k')).toBe('v1');
  });
});
