import { describe, expect, it } from 'vitest';
import { createOpencodeDb, insertSession } from '../support/sqlite-builder';
import { ask, dump, newCacheDir, openSearch, writeTurn } from './search-support';

/** More sessions than the build reads one by one: the database's part table is read in one pass. */
const SESSIONS = 60;

describe('search index build worker', () => {
  it('builds the index in a worker thread, straight from the database, equal to the one built on the main thread', async () => {
    const { dataDir, dbPath, db } = createOpencodeDb();
    for (let i = 0; i < SESSIONS; i++) {
      const id = `ses_${String(i).padStart(3, '0')}`;
      insertSession(db, id, { title: `Session number ${i}`, created: 1_780_000_000_000 + i });
      writeTurn(db, id, 1, { prompt: `question ${i} about kiwis`, reply: `answer ${i}`, tool: `grep -rn token${i}`, output: `found${i}` });
      writeTurn(db, id, 2, { prompt: 'follow up', reply: `the end of ${id}` });
    }
    db.exec('CREATE TABLE todo(session_id TEXT NOT NULL, content TEXT NOT NULL, status TEXT NOT NULL, priority TEXT NOT NULL, position INTEGER NOT NULL, PRIMARY KEY (session_id, position))');
    db.prepare("INSERT INTO todo VALUES ('ses_007', 'water the avocado', 'pending', 'high', 0)").run();
    const inWorker = await openSearch(dataDir, dbPath, newCacheDir(), 'worker');
    expect(inWorker.search.progress()).toMatchObject({ phase: 'ready', sessions: SESSIONS });
    expect((await ask(inWorker.search, 'kiwis')).hits.length).toBeGreaterThan(0);
    expect((await ask(inWorker.search, 'found42')).hits).toMatchObject([{ sessionID: 'ses_042', kind: 'tool-output', partID: 'prt_ses_042_1x' }]);
    expect((await ask(inWorker.search, 'avocado')).hits).toMatchObject([{ sessionID: 'ses_007', kind: 'todo' }]);
    const inline = await openSearch(dataDir, dbPath, newCacheDir(), 'inline');
    expect(dump(inWorker.search)).toEqual(dump(inline.search));
    inWorker.close();
    inline.close();
    db.close();
  }, 120_000);
});
