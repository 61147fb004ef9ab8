// Issue 28, item 9: a full disk under the cache was retried forever (a quarter of a core, 15 stack
// traces a second, progress counters growing without end). It is said once, tried again after
// growing pauses, the progress stays put, and writing resumes when there is room again.
import type Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cacheWriteProblems } from '@/lib/server/fs/cache-write-backoff';
import { SearchService } from '@/lib/server/search/search-service';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import { waitFor } from '../live/live-repeat';
import { createOpencodeDb, insertSession } from '../support/sqlite-builder';
import { ask, newCacheDir, writeTurn } from './search-support';

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
  vi.restoreAllMocks();
});

describe('a full disk under the search index', () => {
  it('is said once, retried after growing pauses with the progress unchanged, and the index catches up once there is room', async () => {
    const { dataDir, dbPath, db } = createOpencodeDb();
    closers.push(() => db.close());
    insertSession(db, 'ses_1');
    writeTurn(db, 'ses_1', 0, { prompt: 'first words', reply: 'first reply' });
    const store = new Store(createReaders({ opencodeDir: dataDir, databases: [dbPath] }));
    const search = new SearchService(store, store.start(), newCacheDir());
    closers.push(() => search.close(), () => store.stop());
    await search.idle();
    // The updater's first pause is 1 s by default; the file may grow no more (SQLite answers SQLITE_FULL, as on a full disk).
    const indexDb = (search as unknown as { db: Database.Database }).db;
    const pages = indexDb.pragma('page_count', { simple: true }) as number;
    indexDb.pragma(`max_page_count = ${pages}`);
    const errors = vi.spyOn(console, 'error');
    const warnings = vi.spyOn(console, 'warn');

    for (let n = 1; n <= 40; n++) writeTurn(db, 'ses_1', n, { prompt: `zebra crossing ${n} ${'padding '.repeat(200)}`, reply: `zebra reply ${n}` });
    await store.absorb(store.indexes.find((i) => i.reader.kind === 'opencode-sqlite')!, [`${dbPath}-wal`]);

    const problem = await waitFor('three failed writes', async () => cacheWriteProblems().find((p) => p.what === 'the search index' && p.failures >= 3), 30_000, 50);
    const total = search.progress().total;
    await waitFor('a fourth', async () => (cacheWriteProblems().find((p) => p.what === 'the search index')?.failures ?? 0) >= 4, 30_000, 50);

    expect(problem.reason).toMatch(/disk is full/);
    expect(problem.retryInMs).toBeGreaterThanOrEqual(4_000);
    // Said once: one line, no stack trace.
    expect(errors).not.toHaveBeenCalled();
    expect(warnings.mock.calls.filter(([line]) => String(line).includes('cannot write the search index'))).toHaveLength(1);
    expect(search.progress().total).toBe(total);
    expect((await ask(search, 'first')).hits.length).toBeGreaterThan(0);

    indexDb.pragma('max_page_count = 1073741823');
    await waitFor('the new words searchable', async () => (await ask(search, 'zebra')).hits.length > 0, 60_000, 200);
    expect(cacheWriteProblems().find((p) => p.what === 'the search index')).toBeUndefined();
  }, 120_000);
});
