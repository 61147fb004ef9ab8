// A restart reads the session table's rows instead of building every session's summary, when they
// are current: the sources and prices they were built from are unchanged and nothing wrote the
// sources' rows since. Every case compares with a cold store on the same data.
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { openSqliteSessionDb } from '@/lib/server/db/sqlite/open-sqlite-session-db';
import { priceFromConfig } from '@/lib/server/pricing/price-from-config';
import { getSessionDetail } from '@/lib/server/queries/get-session-detail';
import { getSessionPage } from '@/lib/server/queries/get-session-page';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import { sessionFiltersSchema } from '@/lib/sessions/session-filters';
import { createOpencodeDb, insertMessage, insertSession, upsertPart } from '../support/sqlite-builder';
import { settle, toolCall, usage } from './support/opencode-edits';
import { storeOn, summaryList } from './support/session-db-store';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  vi.useRealTimers();
});

function cacheFile(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-rows-'));
  dirs.push(dir);
  return path.join(dir, 'sessions.db');
}

/** An OpenCode history: `sessions` sessions (the last a subagent of the first) of `messages` replies with a tool call each. */
function history(sessions: number, messages: number, prefix = 'ses') {
  const { dataDir, dbPath, db } = createOpencodeDb({ wal: false });
  dirs.push(dataDir);
  db.transaction(() => {
    for (let s = 0; s < sessions; s++) {
      insertSession(db, `${prefix}_${s}`, s === sessions - 1 && s > 0 ? { parentID: `${prefix}_0` } : {});
      for (let m = 0; m < messages; m++) {
        insertMessage(db, `${prefix}_${s}`, `msg_${prefix}_${s}_${m}`, usage(m / 100, m));
        upsertPart(db, `${prefix}_${s}`, `msg_${prefix}_${s}_${m}`, `prt_${prefix}_${s}_${m}`, toolCall('bash', 'completed'), 1_780_000_002_000);
      }
    }
  })();
  return { dataDir, dbPath, db };
}

/** The same history, closed as OpenCode leaves it when it stops: its folder and database file. */
function closedHistory(sessions: number, messages: number): { dataDir: string; dbPath: string } {
  const { dataDir, dbPath, db } = history(sessions, messages);
  db.close();
  settle(dbPath);
  return { dataDir, dbPath };
}

/** A store that has built its summaries and recorded their rows as current (as a dashboard left running does, then stopped). */
async function runAndStop(store: Store): Promise<ReturnType<typeof summaryList>> {
  await store.start();
  const summaries = summaryList(store);
  store.stop();
  return summaries;
}

async function coldSummaries(dataDir: string, configure?: (store: Store) => { close(): void }) {
  const cold = storeOn(dataDir, null);
  const pricing = configure?.(cold);
  await cold.start();
  const summaries = summaryList(cold);
  cold.stop();
  pricing?.close();
  return summaries;
}

describe('the summary rows across restarts', () => {
  it('a restart with nothing changed reads them: the same sessions, figures and statuses as a cold start', async () => {
    const { dataDir } = closedHistory(4, 5);
    const file = cacheFile();
    const first = storeOn(dataDir, file);
    const built = await runAndStop(first);
    expect(first.summaryRowsReadAtStart).toBe(false);
    expect(built).toHaveLength(4);

    const again = storeOn(dataDir, file);
    await again.start();
    expect(again.summaryRowsReadAtStart).toBe(true);
    const page = getSessionPage(again, sessionFiltersSchema.parse({}));
    expect(page.total).toBe(4);
    expect(summaryList(again)).toEqual(built);
    expect(summaryList(again)).toEqual(await coldSummaries(dataDir));
    again.stop();
  });

  it('are built again where a dashboard stopped after writing a change and before its rows (its data generation moved on)', async () => {
    const { dataDir, db, dbPath } = history(3, 3);
    const file = cacheFile();
    await runAndStop(storeOn(dataDir, file));
    // A dashboard takes a new reply in, then stops before its summaries were brought up to date
    // (killed: the rows of the changed session are the old ones, and nothing says so but the generation).
    const second = storeOn(dataDir, file);
    await second.start();
    summaryList(second);
    insertMessage(db, 'ses_1', 'msg_new', usage(4, 400), 1_780_000_009_000);
    db.close();
    settle(dbPath);
    for (const index of second.indexes) await second.absorb(index, [dbPath]);
    second.sessionDb.close();

    const third = storeOn(dataDir, file);
    await third.start();
    expect(third.summaryRowsReadAtStart).toBe(false);
    const summaries = summaryList(third);
    expect(summaries.find((s) => s.id === 'ses_1')?.messageCount).toBe(4);
    expect(summaries).toEqual(await coldSummaries(dataDir));
    third.stop();
  });

  it("are built again when an opencode.json's prices changed while the dashboard was stopped", async () => {
    const { dataDir } = closedHistory(2, 3);
    const globalDir = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-config-'));
    dirs.push(globalDir);
    const config = (input: number) => writeFileSync(path.join(globalDir, 'opencode.json'), JSON.stringify({ provider: { anthropic: { models: { 'claude-sonnet-4-5': { cost: { input, output: 0 } } } } } }));
    const priced = (store: Store) => priceFromConfig(store, { globalDir, follow: false });
    config(1_000_000);
    const file = cacheFile();
    const run = async () => {
      const store = storeOn(dataDir, file);
      const pricing = priced(store);
      await store.start();
      const summaries = summaryList(store);
      const read = store.summaryRowsReadAtStart;
      store.stop();
      pricing.close();
      return { summaries, read };
    };
    const first = await run();
    // Input tokens 0 + 1 + 2 per session at $1 a token.
    expect(first.summaries.map((s) => s.computedCost)).toEqual([3, 3]);
    expect((await run()).read).toBe(true);

    config(2_000_000);
    const after = await run();
    expect(after.read).toBe(false);
    expect(after.summaries.map((s) => s.computedCost)).toEqual([6, 6]);
    expect(after.summaries).toEqual(await coldSummaries(dataDir, priced));
    // And the same file unchanged again: read.
    expect((await run()).read).toBe(true);
  });

  it('are not read by a dashboard over another set of sources on the same cache', async () => {
    const { dataDir, dbPath } = closedHistory(2, 2);
    // A channel's database holds a subagent of the main database's first session: its cost is in that session's total.
    const beta = history(1, 2, 'beta');
    beta.db.prepare("UPDATE session SET parent_id = 'ses_0'").run();
    beta.db.close();
    renameSync(beta.dbPath, path.join(dataDir, 'opencode-beta.db'));
    const file = cacheFile();
    const both = await runAndStop(storeOn(dataDir, file));
    expect(both.find((s) => s.id === 'ses_0')?.childCount).toBe(2);
    // A dashboard over the main database only (another configuration on the same cache).
    const mainOnly = () => new Store(createReaders({ opencodeDir: dataDir, databases: [dbPath] }), { sessionDb: openSqliteSessionDb(file) });
    const other = mainOnly();
    await other.start();
    expect(other.summaryRowsReadAtStart).toBe(false);
    const summaries = summaryList(other);
    expect(summaries.find((s) => s.id === 'ses_0')?.childCount).toBe(1);
    other.stop();
    const cold = new Store(createReaders({ opencodeDir: dataDir, databases: [dbPath] }), { sessionDb: openSqliteSessionDb(null) });
    await cold.start();
    expect(summaries).toEqual(summaryList(cold));
    cold.stop();
  });

  it('a session busy when the dashboard stopped is stale when it starts an hour later, and no page saw it busy meanwhile', async () => {
    const { dataDir, db, dbPath } = history(2, 2);
    // A second database (an OpenCode channel's), listed after the first: pages asked between the two listings.
    const beta = history(1, 1, 'beta');
    beta.db.close();
    renameSync(beta.dbPath, path.join(dataDir, 'opencode-beta.db'));
    const now = Date.now();
    insertSession(db, 'ses_busy', { created: now - 5_000 });
    insertMessage(db, 'ses_busy', 'msg_busy', { role: 'assistant', providerID: 'anthropic', modelID: 'claude-sonnet-4-5', cost: 0, tokens: { input: 1, output: 1, reasoning: 0, cache: { read: 0, write: 0 } } }, now - 4_000);
    db.close();
    settle(dbPath);
    const file = cacheFile();
    const before = await runAndStop(storeOn(dataDir, file));
    expect(before.find((s) => s.id === 'ses_busy')?.status.status).toBe('busy');
    expect(before).toHaveLength(4);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now + 60 * 60_000);
    const again = storeOn(dataDir, file);
    const seen: (string | undefined)[] = [];
    const opened: Promise<string | undefined>[] = [];
    let pages = 0;
    again.events.subscribe(() => {
      if (again.progress.phase !== 'indexing') return;
      pages++;
      seen.push(getSessionPage(again, sessionFiltersSchema.parse({ limit: 50 })).sessions.find((s) => s.id === 'ses_busy')?.status.status);
      // A session's page asked meanwhile waits for the listing rather than being told there is no such session.
      opened.push(getSessionDetail(again, 'ses_0').then((detail) => detail?.session.id));
    });
    await again.start();
    expect(again.summaryRowsReadAtStart).toBe(true);
    expect(pages).toBeGreaterThan(1);
    expect(seen).not.toContain('busy');
    expect(await Promise.all(opened)).toEqual(opened.map(() => 'ses_0'));
    const after = summaryList(again);
    expect(after.find((s) => s.id === 'ses_busy')?.status.status).toBe('stale');
    // The pages asked while the second database was not listed yet lost no session.
    expect(after).toEqual(await coldSummaries(dataDir));
    again.stop();
  });

  it('rows that lack a session or hold one no source has are set right at the start', async () => {
    const { dataDir } = closedHistory(3, 2);
    const file = cacheFile();
    const built = await runAndStop(storeOn(dataDir, file));
    const raw = new Database(file);
    for (const table of ['session_summary', 'session_summary_body']) raw.prepare(`DELETE FROM ${table} WHERE session_id = 'ses_1'`).run();
    raw.prepare("INSERT INTO session_summary SELECT source_id, 'ses_ghost', project_id, directory, parent_id, forked_from, kind, archived, title_key, prompt_key, created, first_activity, last_activity, cost, total_cost, tokens, messages, status, last_write, models, agents, hash FROM session_summary WHERE session_id = 'ses_0'").run();
    raw.close();

    const again = storeOn(dataDir, file);
    await again.start();
    expect(again.summaryRowsReadAtStart).toBe(true);
    const page = getSessionPage(again, sessionFiltersSchema.parse({}));
    expect(page.sessions.map((s) => s.id).sort()).toEqual(['ses_0', 'ses_1', 'ses_2']);
    expect(summaryList(again)).toEqual(built);
    again.stop();
  });
});
