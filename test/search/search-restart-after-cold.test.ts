import { rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findDatabases } from '@/lib/server/config';
import { openSqliteSessionDb } from '@/lib/server/db/sqlite/open-sqlite-session-db';
import { SearchService } from '@/lib/server/search/search-service';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import { createOpencodeDb, insertMessage, insertSession } from '../support/sqlite-builder';
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

  // At 20,000 sessions the comparison read every session's messages in one go (~2 s of the main
  // thread): a restart's first sessions list waited for it.
  it("lets pages be answered while it compares every session's fingerprint", { timeout: 120_000 }, async () => {
    const { dataDir, db } = createOpencodeDb({ wal: false });
    db.transaction(() => {
      for (let s = 0; s < 1_200; s++) {
        insertSession(db, `ses_${s}`);
        insertMessage(db, `ses_${s}`, `msg_${s}`, { role: 'user', agent: 'build' });
      }
    })();
    db.close();
    const cacheDir = newCacheDir();
    const open = () => new Store(createReaders({ opencodeDir: dataDir, databases: findDatabases(dataDir) }), { sessionDb: openSqliteSessionDb(path.join(cacheDir, 'sessions.db')) });
    const cold = open();
    const built = new SearchService(cold, cold.start(), cacheDir, 'worker');
    await built.idle();
    expect(built.progress()).toMatchObject({ phase: 'ready', sessions: 1_200 });
    built.close();
    cold.stop();

    const again = open();
    await again.start();
    const search = new SearchService(again, Promise.resolve(), cacheDir, 'worker');
    // What a request sees once it gets a turn: the comparison is under way, not over.
    const seen = await new Promise<string>((resolve) => setImmediate(() => resolve(search.progress().phase)));
    expect(seen).toBe('starting');
    await search.idle();
    expect(search.progress()).toMatchObject({ phase: 'ready', total: 0, built: 0, sessions: 1_200 });
    search.close();
    again.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
});
