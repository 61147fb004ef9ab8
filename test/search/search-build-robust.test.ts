import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchService } from '@/lib/server/search/search-service';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import { createOpencodeDb, insertSession } from '../support/sqlite-builder';
import { ask, dump, newCacheDir, openSearch, writeTurn } from './search-support';

/** More sessions than the build reads one by one: the database's part table is read in one pass, as on a real history. */
const SESSIONS = 60;

function fixture() {
  const made = createOpencodeDb();
  for (let s = 0; s < SESSIONS; s++) {
    insertSession(made.db, `ses_${s}`, { title: `session ${s}` });
    for (let n = 1; n <= 3; n++) writeTurn(made.db, `ses_${s}`, n, { prompt: `alpha question ${s} ${n}`, reply: `bravo answer ${s}`, tool: `cat file${n}.ts`, output: `echo${s}` });
  }
  return made;
}

/** The index's answers must not depend on how the build went: the same as an index built inline, at once. */
async function expectComplete(dataDir: string, dbPath: string, built: Awaited<ReturnType<typeof openSearch>>): Promise<void> {
  expect((await ask(built.search, 'echo42')).hits.map((h) => `${h.sessionID} ${h.kind}`)).toEqual(Array(3).fill('ses_42 tool-output'));
  expect((await ask(built.search, 'bravo', { limit: 500 })).hits).toHaveLength(SESSIONS * 3);
  const cold = await openSearch(dataDir, dbPath, newCacheDir(), 'inline');
  expect(dump(built.search)).toEqual(dump(cold.search));
  cold.close();
}

/** The index file in `cacheDir` once a dashboard holds its build lease. */
function claimedIndex(cacheDir: string): string | undefined {
  const name = readdirSync(cacheDir).find((n) => /^search-.*\.db$/.test(n));
  if (!name) return undefined;
  const file = path.join(cacheDir, name);
  const db = new Database(file, { readonly: true, fileMustExist: true, timeout: 5_000 });
  try {
    return db.prepare("SELECT 1 FROM meta WHERE key = 'build-lease'").get() ? file : undefined;
  } catch {
    return undefined; // not created yet
  } finally {
    db.close();
  }
}

afterEach(() => {
  delete process.env.SESSIONSCOPE_TEST_BUILD_EXIT_AFTER_FLUSHES;
  delete process.env.SESSIONSCOPE_TEST_BUILD_EXIT_WORKERS;
  vi.restoreAllMocks();
});

describe('search index build robustness', () => {
  it('starts the build again in a fresh worker when its worker dies mid-way, and ends complete', async () => {
    const { dataDir, dbPath, db } = fixture();
    // The first worker exits (code 1) right after its first transaction of documents, before the fingerprints.
    process.env.SESSIONSCOPE_TEST_BUILD_EXIT_AFTER_FLUSHES = '1';
    const errors = vi.spyOn(console, 'error');
    const built = await openSearch(dataDir, dbPath, newCacheDir(), 'worker');
    // Built by the second worker, not read again on the main thread.
    expect(built.search.progress()).toMatchObject({ phase: 'ready', sessions: SESSIONS, built: SESSIONS, retries: 1 });
    expect(built.search.progress().failure).toBeUndefined();
    expect(errors).not.toHaveBeenCalled();
    await expectComplete(dataDir, dbPath, built);
    built.close();
    db.close();
  }, 120_000);

  it('after workers died again and again, reads the sessions on the main thread and says why', async () => {
    const { dataDir, dbPath, db } = fixture();
    process.env.SESSIONSCOPE_TEST_BUILD_EXIT_AFTER_FLUSHES = '1';
    process.env.SESSIONSCOPE_TEST_BUILD_EXIT_WORKERS = '9';
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const built = await openSearch(dataDir, dbPath, newCacheDir(), 'worker');
    expect(built.search.progress()).toMatchObject({ phase: 'ready', built: 0, retries: 2, failure: 'search index build worker exited (1)' });
    await expectComplete(dataDir, dbPath, built);
    built.close();
    db.close();
  }, 120_000);

  it('waits out another connection holding the write lock longer than the busy timeout during the build', async () => {
    const { dataDir, dbPath, db } = fixture();
    const cacheDir = newCacheDir();
    const errors = vi.spyOn(console, 'error');
    const building = openSearch(dataDir, dbPath, cacheDir, 'worker');
    // Once the dashboard has claimed the build, another connection takes the write lock and keeps it 3 s.
    let sessionsAtLock = -1;
    for (;;) {
      const file = claimedIndex(cacheDir);
      if (file) {
        const holder = new Database(file, { timeout: 5_000 });
        holder.exec('BEGIN IMMEDIATE');
        sessionsAtLock = (holder.prepare('SELECT count(*) AS n FROM sessions').get() as { n: number }).n;
        await new Promise((resolve) => setTimeout(resolve, 3_000));
        holder.exec('COMMIT');
        holder.close();
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const built = await building;
    // The lock came before the build wrote anything: every one of its transactions came after it.
    expect(sessionsAtLock).toBe(0);
    expect(built.search.progress()).toMatchObject({ phase: 'ready', built: SESSIONS, retries: 0 });
    expect(errors).not.toHaveBeenCalled();
    await expectComplete(dataDir, dbPath, built);
    built.close();
    db.close();
  }, 120_000);

  it('waits for another dashboard building the index, showing its progress and what is written, and takes over once it is killed', async () => {
    const { dataDir, dbPath, db } = fixture();
    const cacheDir = newCacheDir();
    const first = await openSearch(dataDir, dbPath, cacheDir);
    const file = first.search.file;
    first.close();
    // Another dashboard (a process that stands for it) holds the lease, 4 of 10 done; nothing has a fingerprint yet.
    const builder = spawn('sleep', ['120'], { stdio: 'ignore' });
    const index = new Database(file);
    index.prepare("UPDATE sessions SET fp = ''").run();
    index.prepare("INSERT INTO meta(key, value) VALUES ('build-lease', ?)").run(JSON.stringify({ token: 'other', pid: builder.pid, host: os.hostname(), beat: Date.now(), done: 4, total: 10 }));
    index.close();
    const store = new Store(createReaders({ opencodeDir: dataDir, databases: [dbPath] }));
    const search = new SearchService(store, store.start(), cacheDir);
    await expect.poll(() => search.progress()).toMatchObject({ phase: 'indexing', waitingFor: builder.pid, done: 4, total: 10 });
    expect((await ask(search, 'echo42')).hits).toHaveLength(3);
    builder.kill('SIGKILL');
    await search.idle();
    expect(search.progress()).toMatchObject({ phase: 'ready', built: SESSIONS, sessions: SESSIONS });
    expect(search.progress().waitingFor).toBeUndefined();
    const cold = await openSearch(dataDir, dbPath, newCacheDir());
    expect(dump(search)).toEqual(dump(cold.search));
    cold.close();
    search.close();
    store.stop();
    db.close();
  }, 120_000);

  it('writes a live change once another dashboard lets go of the write lock it held for 3 s, with nothing failed', async () => {
    const { dataDir, dbPath, db } = fixture();
    const live = await openSearch(dataDir, dbPath, newCacheDir());
    const dbIndex = live.store.indexes.find((i) => i.reader.kind === 'opencode-sqlite');
    if (!dbIndex) throw new Error('no database reader');
    const errors = vi.spyOn(console, 'error');
    const holder = new Database(live.search.file);
    holder.exec('BEGIN IMMEDIATE');
    const released = new Promise((resolve) => setTimeout(resolve, 3_000)).then(() => holder.exec('COMMIT'));
    writeTurn(db, 'ses_7', 4, { prompt: 'a zebra question', reply: 'striped answer' });
    await live.store.absorb(dbIndex, [`${dbPath}-wal`]);
    await live.search.idle();
    await released;
    holder.close();
    expect((await ask(live.search, 'zebra')).hits.map((h) => h.partID)).toEqual(['prt_ses_7_4u', 'prt_ses_7_4r']);
    expect(errors).not.toHaveBeenCalled();
    live.close();
    db.close();
  }, 120_000);
});
