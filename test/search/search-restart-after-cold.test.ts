import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findDatabases } from '@/lib/server/config';
import { openSqliteSessionDb } from '@/lib/server/db/sqlite/open-sqlite-session-db';
import { SearchService } from '@/lib/server/search/search-service';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import { copyFixture } from '../tools/fixture-dir';
import { ask, newCacheDir } from './search-support';

describe('search after a restart that follows a cold start', () => {
  // What a cold start and a restart hold in memory may differ (the newest messages' parts: the session
  // database has them). The index's fingerprints must not tell the two apart: at 20,000 sessions
  // the first restart after a cold start indexed the whole history again (110 s of CPU).
  it('reads no session again when nothing changed', { timeout: 120_000 }, async () => {
    const fixture = await copyFixture('opencode-1.18.33');
    const cacheDir = newCacheDir();
    const start = async (): Promise<{ store: Store; search: SearchService }> => {
      const store = new Store(createReaders({ opencodeDir: fixture.dir, databases: findDatabases(fixture.dir) }), { sessionDb: openSqliteSessionDb(path.join(cacheDir, 'sessions.db')) });
      const search = new SearchService(store, store.start(), cacheDir, 'worker');
      await search.idle();
      return { store, search };
    };
    try {
      const cold = await start();
      const built = cold.search.progress().built ?? 0;
      const hits = (await ask(cold.search, 'the')).hits.length;
      cold.search.close();
      cold.store.stop();
      expect(built).toBeGreaterThan(3);
      expect(hits).toBeGreaterThan(0);
      for (let restart = 0; restart < 2; restart++) {
        const again = await start();
        try {
          expect(again.search.progress()).toMatchObject({ phase: 'ready', total: 0, built: 0, sessions: built });
          expect((await ask(again.search, 'the')).hits).toHaveLength(hits);
        } finally {
          again.search.close();
          again.store.stop();
        }
      }
    } finally {
      await fixture.remove();
    }
  });
});
