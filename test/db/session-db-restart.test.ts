import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '@/lib/server/db/migrations';
import { openSqliteSessionDb } from '@/lib/server/db/sqlite/open-sqlite-session-db';
import { getStats } from '@/lib/server/queries/get-stats';
import { createOpencodeDb, insertMessage, insertSession, upsertPart } from '../support/sqlite-builder';
import { byModel, databaseRows, modelFigures, storeOn, summaryList } from './support/session-db-store';
import { applyEdit, editArb, settle, toolCall, usage } from './support/opencode-edits';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-sessiondb-'));
  dirs.push(dir);
  return dir;
}

function history(sessions: number, messages: number) {
  const { dataDir, dbPath, db } = createOpencodeDb({ wal: false });
  dirs.push(dataDir);
  db.transaction(() => {
    for (let s = 0; s < sessions; s++) {
      insertSession(db, `ses_${s}`);
      for (let m = 0; m < messages; m++) {
        insertMessage(db, `ses_${s}`, `msg_${s}_${m}`, usage(m / 100, m));
        upsertPart(db, `ses_${s}`, `msg_${s}_${m}`, `prt_${s}_${m}_0`, toolCall('bash', 'completed'), 1_780_000_002_000);
      }
    }
  })();
  return { dataDir, dbPath, db };
}

/** A closed history read once into a session database: its folder, the database file, the first run (started). */
async function readOnce(sessions: number, messages: number) {
  const { dataDir, dbPath, db } = history(sessions, messages);
  db.close();
  settle(dbPath);
  const file = path.join(tempDir(), 'sessions.db');
  const first = storeOn(dataDir, file);
  await first.start();
  return { dataDir, file, first };
}

describe('the session database across restarts', () => {
  it('a restart on an unchanged database answers the complete total from the session database before reading anything', async () => {
    const { dataDir, file, first } = await readOnce(4, 25);
    const whole = modelFigures(first);
    expect(whole).toMatchObject({ complete: true, messages: 100 });
    const rows = databaseRows(first);
    expect(rows.parts).toHaveLength(100);
    first.stop();

    const again = storeOn(dataDir, file);
    // A page that asked before the restart's check was told "counting…" (and that answer is not given again once the database is found whole).
    expect(modelFigures(again).complete).toBe(false);
    const seen: ReturnType<typeof modelFigures>[] = [];
    again.events.subscribe(() => {
      if (!again.progress.figuresComplete && seen.length === 0) seen.push(modelFigures(again));
    });
    await again.start();
    // The first event of the restart came before any message was read, and already said the whole truth.
    expect(seen[0]).toEqual(whole);
    expect(modelFigures(again)).toEqual(whole);
    // Its tool calls were not read again (the database holds them), and none was lost.
    expect(databaseRows(again)).toEqual(rows);
    // Nor when the source is read anew later (that read takes every call, and sweeps by them).
    for (const index of again.indexes) await again.reread(index);
    expect(databaseRows(again)).toEqual(rows);
    again.stop();
  });

  it('a restart on an unchanged database answers totals already asked for before it lists the sessions again', async () => {
    const { dataDir, file, first } = await readOnce(3, 10);
    const whole = modelFigures(first);
    first.stop();
    // What bin/sessionscope.mjs counts: a request for /api/stats is being answered (its route still loading).
    const activity = ((globalThis as Record<symbol, { inFlight: number; totals?: number }>)[Symbol.for('sessionscope.requests')] ??= { inFlight: 0 });
    activity.inFlight++;
    activity.totals = (activity.totals ?? 0) + 1;
    const again = storeOn(dataDir, file);
    const started = again.start();
    try {
      await expect.poll(() => again.sessionDb.current).toBe(true);
      // The sessions are not listed while the totals request is out; the totals are whole already.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(again.view.size).toBe(0);
      expect(modelFigures(again)).toEqual(whole);
    } finally {
      activity.inFlight--;
      activity.totals--;
    }
    await started;
    expect(again.view.size).toBe(3);
    again.stop();
  });

  it('a restart lets a page waiting for the sessions out once they are listed, before it reads on', async () => {
    const { dataDir, file, first } = await readOnce(3, 10);
    // Its summaries were built (a page asked for them): the restart reads their rows, which can be answered once listed.
    summaryList(first);
    first.stop();
    // What bin/sessionscope.mjs counts: a request for the sessions list being answered.
    const activity = ((globalThis as Record<symbol, { inFlight: number; totals?: number }>)[Symbol.for('sessionscope.requests')] ??= { inFlight: 0 });
    activity.inFlight++;
    const again = storeOn(dataDir, file);
    const started = again.start();
    try {
      await expect.poll(() => again.view.size).toBe(3);
      // Listed, and held there while the request is out (up to two seconds): its answer holds every session.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(again.progress).toMatchObject({ phase: 'indexing', sourcesDone: 0 });
    } finally {
      activity.inFlight--;
    }
    await started;
    expect(again.progress.phase).toBe('ready');
    again.stop();
  });

  it('a restart after the database changed says "counting" until the changed source is read', async () => {
    const { dataDir, db } = history(3, 10);
    const file = path.join(tempDir(), 'sessions.db');
    const first = storeOn(dataDir, file);
    await first.start();
    first.stop();
    insertMessage(db, 'ses_1', 'msg_new', usage(5, 1000));
    db.close();
    const again = storeOn(dataDir, file);
    const early: boolean[] = [];
    again.events.subscribe(() => {
      if (!again.progress.figuresComplete) early.push(getStats(again, byModel).complete);
    });
    await again.start();
    expect(early.length).toBeGreaterThan(0);
    expect(early.every((complete) => !complete)).toBe(true);
    expect(modelFigures(again)).toMatchObject({ complete: true, messages: 31 });
    again.stop();
  });

  it('a restart sees the rows written while it was stopped into the rowids of rows that went (a turn undone, then another session written)', async () => {
    const { dataDir, dbPath, db } = history(2, 3);
    // Session 0 was last written long before session 1: a restart has no reason to read it again.
    db.prepare("UPDATE session SET time_updated = 1770000000000 WHERE id = 'ses_0'").run();
    const file = path.join(tempDir(), 'sessions.db');
    const first = storeOn(dataDir, file);
    await first.start();
    first.stop();
    // Session 1's newest message goes (the newest rows of both tables), and session 0 gets a reply
    // whose rows take their rowids again; session 0's row is not stamped.
    db.prepare('DELETE FROM part WHERE message_id = ?').run('msg_1_2');
    db.prepare('DELETE FROM message WHERE id = ?').run('msg_1_2');
    insertMessage(db, 'ses_0', 'msg_0_new', usage(7, 700));
    upsertPart(db, 'ses_0', 'msg_0_new', 'prt_0_new_0', toolCall('bash', 'completed'), 1_780_000_003_000);
    expect(db.prepare("SELECT rowid FROM message WHERE id = 'msg_0_new'").pluck().get()).toBe(6);
    db.close();
    settle(dbPath);
    const again = storeOn(dataDir, file);
    await again.start();
    const cold = storeOn(dataDir, null);
    await cold.start();
    expect(modelFigures(again)).toMatchObject({ complete: true, messages: 6 });
    expect(modelFigures(again)).toEqual(modelFigures(cold));
    expect(databaseRows(again)).toEqual(databaseRows(cold));
    again.stop();
    cold.stop();
  });

  it('after any edits and deletions between runs, a restart leaves the database equal to a cold ingest', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(editArb, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 3 }), async (runs) => {
        const { dataDir, db } = history(3, 3);
        const file = path.join(tempDir(), 'sessions.db');
        let clock = Date.now();
        try {
          for (const [run, ops] of [[], ...runs].entries()) {
            // As OpenCode writes: every row stamped with the time it is written, the session with each change to it.
            for (const op of ops) clock = applyEdit(db, op, clock);
            const store = storeOn(dataDir, file);
            await store.start();
            const restarted = databaseRows(store);
            const figures = modelFigures(store);
            const summaries = summaryList(store);
            // Each run left its summaries' rows current when it stopped: the next reads them and builds only what changed.
            expect(store.summaryRowsReadAtStart).toBe(run > 0);
            store.stop();
            const cold = storeOn(dataDir, null);
            await cold.start();
            expect(restarted).toEqual(databaseRows(cold));
            expect(figures).toEqual(modelFigures(cold));
            expect(summaries).toEqual(summaryList(cold));
            cold.stop();
          }
        } finally {
          db.close();
        }
      }),
      {
        numRuns: 15,
        // Two replies created in the same millisecond (ses_3's), taken in by the restart and the cold read in different orders: each named a different newest reply (context use 156 against 1).
        examples: [[[[{ kind: 'add', s: 3, m: 0, cost: 0 }, { kind: 'add', s: 0, m: 0, cost: 0 }], [{ kind: 'add', s: 3, m: 1, cost: 1 }, { kind: 'add', s: 3, m: 0, cost: 156 }, { kind: 'delete-part', s: 0, m: 0, p: 0 }]]]],
      },
    );
  });
});

describe('a session database file that fails while the dashboard runs', () => {
  it('is given up for a database in memory: every source is read into it again, figures and sessions stay whole, live changes keep coming, and the reason is kept for Diagnostics', async () => {
    const { dataDir, dbPath, db } = history(3, 4);
    const file = path.join(tempDir(), 'sessions.db');
    const store = storeOn(dataDir, file);
    await store.start();
    expect(modelFigures(store)).toMatchObject({ complete: true, messages: 12 });
    // The file goes away under the dashboard (a full disk, a damaged file: every later statement fails).
    store.sessionDb.db.connection.close();
    insertMessage(db, 'ses_0', 'msg_late', usage(0.5, 7), 1_780_000_009_000);
    const index = store.indexes.find((i) => i.reader.kind === 'opencode-sqlite')!;
    await store.absorb(index, [dbPath]);
    // The change that met the failure is in once the sources are read again into the database in memory.
    await expect.poll(() => modelFigures(store)).toMatchObject({ complete: true, messages: 13 });
    expect(store.sessionDb.db.file).toBeUndefined();
    expect(store.sessionDb.error).toMatch(/not open/);
    expect([...index.messagesOf('ses_0')].map((m) => m.id)).toContain('msg_late');
    expect(store.summaryMap().get('ses_0')?.messageCount).toBe(5);
    insertMessage(db, 'ses_1', 'msg_later', usage(0.25, 3), 1_780_000_010_000);
    await store.absorb(index, [dbPath]);
    expect(modelFigures(store)).toMatchObject({ complete: true, messages: 14 });
    store.stop();
    db.close();
  });
});

describe('the session database file', () => {
  it('is private (0700 folder, 0600 file) even where the folder existed open to others', () => {
    const folder = path.join(tempDir(), 'cache');
    mkdirSync(folder, { mode: 0o755 });
    chmodSync(folder, 0o755);
    const db = openSqliteSessionDb(path.join(folder, 'sessions.db'))!;
    db.close();
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(folder, 'sessions.db')).mode & 0o777).toBe(0o600);
  });

  it('is never opened through a link: the link is replaced, what it pointed at is left as it was', () => {
    const folder = tempDir();
    const decoy = path.join(folder, 'opencode.db');
    writeFileSync(decoy, 'not ours');
    const file = path.join(folder, 'cache', 'sessions.db');
    mkdirSync(path.dirname(file));
    symlinkSync(decoy, file);
    openSqliteSessionDb(file)!.close();
    expect(readFileSync(decoy, 'utf8')).toBe('not ours');
    expect(lstatSync(file).isFile()).toBe(true);
  });

  it('a damaged file or one of another build is rebuilt empty, and the next start fills it again', async () => {
    const { dataDir, db } = history(2, 5);
    db.close();
    for (const damage of ['garbage', 'foreign'] as const) {
      const file = path.join(tempDir(), 'sessions.db');
      if (damage === 'garbage') writeFileSync(file, Buffer.alloc(64 * 1024, 0x5a));
      else {
        openSqliteSessionDb(file)!.close();
        const raw = new Database(file);
        raw.prepare('INSERT INTO schema_migration (version, name, applied_at) VALUES (?, ?, ?)').run(99, 'from-the-future', 1);
        raw.close();
      }
      const store = storeOn(dataDir, file);
      await store.start();
      expect(modelFigures(store)).toMatchObject({ complete: true, messages: 10 });
      store.stop();
      const check = new Database(file, { readonly: true });
      expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(check.prepare('SELECT max(version) FROM schema_migration').pluck().get()).toBe(SCHEMA_VERSION);
      check.close();
    }
  });
});
