import { copyFileSync, renameSync } from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createOpencodeDb, insertSession } from '../support/sqlite-builder';
import { ask, dump, newCacheDir, openSearch, writeTurn } from './search-support';

/** The newest document row: rewriting a session's documents gives them new rows. */
function newestDoc(search: object): number {
  const db = (search as { db: Database.Database }).db;
  return Number(db.prepare('SELECT coalesce(max(id), 0) FROM docs').pluck().get());
}

describe('search index when the database is read again whole', () => {
  it('rewrites only the sessions that changed, not every session the full read hands over', async () => {
    const { dataDir, dbPath, db } = createOpencodeDb();
    for (const id of ['ses_a', 'ses_b', 'ses_c']) {
      insertSession(db, id, { title: `Session ${id}` });
      writeTurn(db, id, 1, { prompt: `question of ${id}`, reply: `answer about walruses in ${id}` });
    }
    const live = await openSearch(dataDir, dbPath, newCacheDir());
    const dbIndex = live.store.indexes.find((i) => i.reader.kind === 'opencode-sqlite');
    if (!dbIndex) throw new Error('no database reader');
    const before = newestDoc(live.search);
    expect(before).toBeGreaterThan(0);
    // The file is replaced by a copy of itself (OpenCode restored, a sync tool): the reader reopens it and reads everything again.
    db.close();
    const replace = (): void => {
      copyFileSync(dbPath, `${dbPath}.new`);
      renameSync(`${dbPath}.new`, dbPath);
    };
    const counted = live.search.progress();
    const phases = new Set<string>();
    const unwatch = live.store.events.subscribe(() => phases.add(live.search.progress().phase));
    replace();
    await live.store.absorb(dbIndex, [dbPath]);
    await live.search.idle();
    unwatch();
    expect(newestDoc(live.search)).toBe(before);
    // Nothing to index, and nothing said to be: the search line shows no "x% indexed" for the checks.
    expect(live.search.progress().total).toBe(counted.total);
    expect([...phases]).not.toContain('indexing');
    // One session gets a new turn in the replaced file: that session alone is written again.
    const again = new Database(dbPath);
    writeTurn(again, 'ses_b', 2, { prompt: 'a late question about narwhals', reply: 'tusks' });
    again.close();
    replace();
    await live.store.absorb(dbIndex, [dbPath]);
    await live.search.idle();
    expect(new Set((await ask(live.search, 'narwhals')).hits.map((h) => h.sessionID))).toEqual(new Set(['ses_b']));
    const rewritten = (live.search as unknown as { db: Database.Database }).db.prepare('SELECT DISTINCT s.id FROM docs d JOIN sessions s ON s.n = d.session WHERE d.id > ?').pluck().all(before);
    expect(rewritten).toEqual(['ses_b']);
    const cold = await openSearch(dataDir, dbPath, newCacheDir());
    expect(dump(live.search)).toEqual(dump(cold.search));
    live.close();
    cold.close();
  });
});
