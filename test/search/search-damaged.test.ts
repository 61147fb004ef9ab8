// Issue 28, item 11: a damaged search index answered 0 hits while health said "ready". The index
// is checked when it opens (off the server's thread in the product) and rebuilt when damaged.
import { closeSync, openSync, writeSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { QueryMode } from '@/lib/server/search/query-runner';
import { SearchService } from '@/lib/server/search/search-service';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import { waitFor } from '../live/live-repeat';
import { createOpencodeDb, insertSession } from '../support/sqlite-builder';
import { ask, newCacheDir, openSearch, writeTurn } from './search-support';

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

/** An index of 200 turns, closed; its data folder and cache folder to open it again. */
async function builtIndex() {
  const { dataDir, dbPath, db } = createOpencodeDb();
  insertSession(db, 'ses_1');
  for (let n = 0; n < 200; n++) writeTurn(db, 'ses_1', n, { prompt: `deploy service number ${n} ${'lorem ipsum '.repeat(20)}`, reply: `done ${n}` });
  db.close();
  const cacheDir = newCacheDir();
  const first = await openSearch(dataDir, dbPath, cacheDir);
  expect((await ask(first.search, 'deploy')).hits.length).toBeGreaterThan(0);
  const file = first.search.file;
  first.close();
  return { dataDir, dbPath, cacheDir, file };
}

async function reopen(dataDir: string, dbPath: string, cacheDir: string, queryMode: QueryMode) {
  const store = new Store(createReaders({ opencodeDir: dataDir, databases: [dbPath] }));
  const search = new SearchService(store, store.start(), cacheDir, 'inline', queryMode);
  closers.push(() => search.close(), () => store.stop());
  return search;
}

describe('a damaged search index', () => {
  it.each(['worker', 'inline'] as const)('whose documents were lost is rebuilt and finds them again (checked %s)', async (queryMode) => {
    const { dataDir, dbPath, cacheDir, file } = await builtIndex();
    const raw = new Database(file);
    raw.unsafeMode(true);
    raw.exec('DROP TRIGGER docs_ad');
    raw.exec('DELETE FROM docs');
    raw.close();
    const search = await reopen(dataDir, dbPath, cacheDir, queryMode);
    await waitFor('hits again', async () => {
      await search.idle();
      const answer = await ask(search, 'deploy');
      return answer.hits.length > 0 && answer.progress.phase === 'ready';
    }, 60_000, 200);
  });

  it('with a damaged page of its documents is rebuilt before any search meets it', async () => {
    const { dataDir, dbPath, cacheDir, file } = await builtIndex();
    const raw = new Database(file);
    raw.pragma('wal_checkpoint(TRUNCATE)');
    const pages = raw.prepare("SELECT pageno FROM dbstat WHERE name = 'docs' AND pagetype = 'leaf'").pluck().all() as number[];
    const size = raw.pragma('page_size', { simple: true }) as number;
    raw.close();
    const fd = openSync(file, 'r+');
    for (const page of pages.slice(1, 3)) writeSync(fd, Buffer.alloc(size), 0, size, (page - 1) * size);
    closeSync(fd);
    const search = await reopen(dataDir, dbPath, cacheDir, 'inline');
    await search.idle();
    const answer = await ask(search, 'deploy');
    expect(answer.hits.length).toBeGreaterThan(0);
  });
});
