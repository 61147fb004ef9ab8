import { cpSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { ChangeSet, SourceReader } from '@/lib/server/readers/read-result';
import { SearchService } from '@/lib/server/search/search-service';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import { createOpencodeDb, insertSession } from '../support/sqlite-builder';
import { ask, newCacheDir, openSearch, writeTurn } from './search-support';

/**
 * The database reader's first read, held after the stage that completes the messages (the totals)
 * until `release`: on a large history the rest (every part, for tool calls and statuses) takes
 * minutes, and the search build need not wait for it.
 */
function heldAfterMessages(reader: SourceReader): { release(): void } {
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const staged = reader.readAllStaged?.bind(reader);
  if (!staged) throw new Error('the database reader reads in stages');
  reader.readAllStaged = async function* (options): AsyncGenerator<ChangeSet> {
    let held = false;
    for await (const changes of staged(options)) {
      yield changes;
      if (changes.messagesComplete && !held) {
        held = true;
        await released;
      }
    }
  };
  return { release };
}

/** The sessions a search finds. */
const sessionsFound = async (search: SearchService, q: string): Promise<string[]> => [...new Set((await ask(search, q)).hits.map((h) => h.sessionID))].sort();

async function until(check: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 600; i++) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

function seed(db: Database.Database): void {
  for (const id of ['ses_a', 'ses_b']) {
    insertSession(db, id, { title: `Session ${id}` });
    writeTurn(db, id, 1, { prompt: `how do otters sleep in ${id}`, reply: `holding hands in ${id}`, tool: 'ls kelp', output: 'forest' });
  }
}

/** A seeded database, and a store whose first read is held after its messages, with its search service. */
function startHeld(mode: 'worker' | 'inline') {
  const { dataDir, dbPath, db } = createOpencodeDb();
  seed(db);
  const cacheDir = newCacheDir();
  const readers = createReaders({ opencodeDir: dataDir, databases: [dbPath] });
  const database = readers.find((r) => r.reader.kind === 'opencode-sqlite');
  if (!database) throw new Error('no database reader');
  const hold = heldAfterMessages(database.reader);
  const store = new Store(readers);
  const search = new SearchService(store, store.start(), cacheDir, mode);
  return { dataDir, dbPath, db, cacheDir, hold, store, search };
}

describe('search index cold build', () => {
  it.each(['worker', 'inline'] as const)('indexes the sessions while the store still reads their parts, and is ready only after it (%s)', async (mode) => {
    const { dataDir, dbPath, db, cacheDir, hold, store, search } = startHeld(mode);
    try {
      // Found before the store's first read is done: the build began once the messages were in.
      expect(await until(async () => (await sessionsFound(search, 'otters')).length === 2)).toBe(true);
      expect(store.progress.phase).not.toBe('ready');
      expect((await ask(search, 'kelp')).hits.map((h) => h.kind)).toEqual(['tool-input', 'tool-input']);
      // Not said to be ready while the store reads: a change it finds may still be indexed.
      expect(search.progress().phase).not.toBe('ready');
      hold.release();
      await search.idle();
      expect(search.progress().phase).toBe('ready');
    } finally {
      search.close();
      store.stop();
    }
    // The fingerprints were written once the store was done: a restart reads nothing again.
    const again = await openSearch(dataDir, dbPath, cacheDir, mode);
    expect(again.search.progress().built ?? 0).toBe(0);
    expect(again.search.progress().total).toBe(0);
    expect(await sessionsFound(again.search, 'otters')).toEqual(['ses_a', 'ses_b']);
    again.close();
    db.close();
  });

  it('indexes a session written while the early build ran', async () => {
    const { dataDir, dbPath, db, cacheDir, hold, store, search } = startHeld('inline');
    try {
      expect(await until(async () => (await sessionsFound(search, 'otters')).length === 2)).toBe(true);
      // A turn written before the store's first read is done (its parts stage has not run yet).
      writeTurn(db, 'ses_b', 2, { prompt: 'and do walruses too', reply: 'on ice' });
      hold.release();
      await search.idle();
      const dbIndex = store.indexes.find((i) => i.reader.kind === 'opencode-sqlite');
      if (!dbIndex) throw new Error('no database index');
      await store.absorb(dbIndex, [dbPath]);
      await search.idle();
      expect(await sessionsFound(search, 'walruses')).toEqual(['ses_b']);
    } finally {
      search.close();
      store.stop();
    }
    // And the restart agrees: ses_b's fingerprint was not taken as current before its new turn was read.
    const again = await openSearch(dataDir, dbPath, cacheDir);
    expect(await sessionsFound(again.search, 'walruses')).toEqual(['ses_b']);
    again.close();
    db.close();
  });

  it("writes the fingerprints of an OpenCode JSON tree's sessions built early: a restart reads none again", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-search-tree-'));
    cpSync(path.resolve(import.meta.dirname, '..', 'fixtures', 'opencode-1.1.65'), dataDir, { recursive: true });
    const cacheDir = newCacheDir();
    const start = async (): Promise<{ store: Store; search: SearchService }> => {
      const store = new Store(createReaders({ opencodeDir: dataDir, databases: [] }));
      const search = new SearchService(store, store.start(), cacheDir, 'worker');
      await search.idle();
      return { store, search };
    };
    const cold = await start();
    const built = cold.search.progress().built ?? 0;
    const titles = (await ask(cold.search, 'scenario', { filters: { kinds: ['title'] } })).hits.length;
    cold.search.close();
    cold.store.stop();
    expect(built).toBeGreaterThan(0);
    expect(titles).toBeGreaterThan(0);
    const again = await start();
    try {
      expect(again.search.progress()).toMatchObject({ phase: 'ready', total: 0, built: 0, sessions: built });
      expect((await ask(again.search, 'scenario', { filters: { kinds: ['title'] } })).hits).toHaveLength(titles);
    } finally {
      again.search.close();
      again.store.stop();
    }
  });
});
