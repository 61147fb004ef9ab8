// Issue 28, item 6: searches ran on the server's thread (ten broad searches held /api/health for
// 11-14 s). They run on a worker, one at a time, each stopped at a time limit; the server's thread
// keeps answering meanwhile.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseSearchQuery } from '@/lib/search/search-query';
import { QueryRunner, QueryTimeoutError } from '@/lib/server/search/query-runner';
import { SearchIndex } from '@/lib/server/search/search-index';
import { createOpencodeDb, insertSession } from '../support/sqlite-builder';
import { ask, newCacheDir, openSearch, writeTurn } from './search-support';

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
  vi.restoreAllMocks();
});

async function smallIndex() {
  const { dataDir, dbPath, db } = createOpencodeDb();
  insertSession(db, 'ses_1');
  for (let n = 0; n < 20; n++) writeTurn(db, 'ses_1', n, { prompt: `deploy the service ${n}`, reply: `deployed ${n}` });
  db.close();
  const opened = await openSearch(dataDir, dbPath, newCacheDir());
  closers.push(() => opened.close());
  return opened;
}

/** Turns of this thread's event loop until `done` settles. */
async function turnsUntil(done: Promise<unknown>): Promise<number> {
  let settled = false;
  void done.then(
    () => (settled = true),
    () => (settled = true),
  );
  let turns = 0;
  while (!settled) {
    await new Promise((resolve) => setImmediate(resolve));
    turns++;
  }
  return turns;
}

describe('search queries off the server thread', () => {
  it('answers on a worker what the index holds; this thread never runs the query', async () => {
    const { search } = await smallIndex();
    const inline = await ask(search, 'deploy');
    const onThisThread = vi.spyOn(SearchIndex.prototype, 'query');
    const runner = new QueryRunner(search.file, () => undefined, 'worker');
    closers.push(() => runner.close());
    const page = await runner.query(parseSearchQuery('deploy').match as string, {}, { limit: 50, offset: 0, order: 'rank' });
    expect(page.hits.map((h) => h.partID).sort()).toEqual(inline.hits.map((h) => h.partID).sort());
    expect(page.hits.length).toBeGreaterThan(0);
    expect(onThisThread).not.toHaveBeenCalled();
  });

  it('stops a search that runs past its limit while this thread keeps turning, and answers the next one', async () => {
    const { search } = await smallIndex();
    const runner = new QueryRunner(search.file, () => undefined, 'worker', 1_500, 120_000);
    closers.push(() => runner.close());
    const endless = runner.query('"deploy"', {}, { limit: 50, offset: 0, order: 'rank' });
    const turns = turnsUntil(endless);
    await expect(endless).rejects.toBeInstanceOf(QueryTimeoutError);
    // The server's thread was free all along: many turns while the worker was held.
    expect(await turns).toBeGreaterThan(100);
    const next = await runner.query('"deploy"', {}, { limit: 50, offset: 0, order: 'rank' });
    expect(next.hits.length).toBeGreaterThan(0);
  });
});
