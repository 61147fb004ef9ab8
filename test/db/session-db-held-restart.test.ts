import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { SqliteReader } from '@/lib/server/readers/opencode/sqlite/sqlite-reader';
import type { Store } from '@/lib/server/store/store';
import { createOpencodeDb, insertMessage, insertSession, upsertPart } from '../support/sqlite-builder';
import { databaseRows, modelFigures, storeOn } from './support/session-db-store';
import { applyEdit, editArb, settle, toolCall, usage } from './support/opencode-edits';
import type Database from 'better-sqlite3';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});



/** Three sessions of three messages, each with a tool call; the sessions a minute apart. */
function seed(db: Database.Database): void {
  db.transaction(() => {
    for (let s = 0; s < 3; s++) {
      insertSession(db, `ses_${s}`, { created: 1_780_000_000_000 + s * 60_000 });
      for (let m = 0; m < 3; m++) {
        insertMessage(db, `ses_${s}`, `msg_${s}_${m}`, usage(m / 100, m));
        upsertPart(db, `ses_${s}`, `msg_${s}_${m}`, `prt_${s}_${m}_0`, toolCall('bash', 'completed'), 1_780_000_002_000);
      }
    }
  })();
}

/** OpenCode's database with the seeded history, settled, and a session database file of its own. */
function seededHistory(name: string): { dataDir: string; dbPath: string; db: Database.Database; file: string } {
  const { dataDir, dbPath, db } = createOpencodeDb();
  dirs.push(dataDir);
  seed(db);
  settle(dbPath);
  const cacheDir = mkdtempSync(path.join(os.tmpdir(), `sessionscope-${name}-`));
  dirs.push(cacheDir);
  return { dataDir, dbPath, db, file: path.join(cacheDir, 'sessions.db') };
}

/** What the sessions list shows of each session. */
function listed(store: Store) {
  return [...store.summaryMap().values()]
    .map((s) => ({ id: s.id, title: s.title, messages: s.messageCount, turns: s.turnCount, cost: Number((s.cost ?? 0).toFixed(9)), status: s.status.status, total: s.total.messageCount }))
    .sort((a, b) => a.id.localeCompare(b.id));
}


/** The store's database rows, figures and sessions list equal a cold start's on the same data. */
async function expectAsCold(store: Store, dataDir: string): Promise<void> {
  const cold = storeOn(dataDir, null);
  try {
    await cold.start();
    expect(databaseRows(store)).toEqual(databaseRows(cold));
    expect(modelFigures(store)).toEqual(modelFigures(cold));
    expect(listed(store)).toEqual(listed(cold));
  } finally {
    cold.stop();
  }
}

describe('a restart that finds the session database whole', () => {
  it('reads no message of the unchanged source again, and follows every later write as a cold start does (property)', { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(editArb, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 3 }), async (batches) => {
        const { dataDir, dbPath, db, file } = seededHistory('held');
        const first = storeOn(dataDir, file);
        await first.start();
        first.stop();

        const store = storeOn(dataDir, file);
        const sqlite = store.indexes.find((index) => index.reader.kind === 'opencode-sqlite')!;
        const messagesTaken: number[] = [];
        const unsubscribe = store.onChange((change) => {
          if (change.index === sqlite && !change.live) messagesTaken.push(change.changes.messages.length);
        });
        await store.start();
        unsubscribe();
        // OpenCode is running (its log is open): what follows is read as increments, not whole again.
        expect((sqlite.reader as SqliteReader).mode).toMatch(/^live/);
        // The restart read the sessions, not one message: the database answered for them.
        expect(messagesTaken.reduce((a, b) => a + b, 0)).toBe(0);
        let clock = Date.now();
        try {
          for (const ops of batches) {
            for (const op of ops) clock = applyEdit(db, op, clock);
            await store.absorb(sqlite, [dbPath]);
          }
          await expectAsCold(store, dataDir);
        } finally {
          store.stop();
          db.close();
        }
      }),
      // A run found the totals' cost at -4e-19 where every session of it was gone (shown as "-<$0.0001"): checked every time.
      { numRuns: 25, examples: [[[[{ kind: 'add', s: 2, m: 2, cost: 0 }], [{ kind: 'delete-message', s: 2, m: 1 }, { kind: 'delete-session', s: 0 }, { kind: 'delete-session', s: 1 }]]]] },
    );
  });
});

describe('a restart after OpenCode wrote while the dashboard was stopped', () => {
  it('reads only the messages written since, and leaves what a cold start leaves (property)', { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(editArb, { minLength: 1, maxLength: 12 }), fc.boolean(), fc.boolean(), fc.boolean(), async (edits, followed, completedAfterStop, restartedBetween) => {
        const { dataDir, dbPath, db, file } = seededHistory('resume');
        let clock = Date.now();
        const first = storeOn(dataDir, file);
        await first.start();
        // Half the runs: the stopped dashboard had followed some writes live before it stopped.
        // A reply under way, its command running.
        if (followed) {
          clock = applyEdit(db, { kind: 'add', s: 1, m: 5, cost: 7 }, clock);
          upsertPart(db, 'ses_1', 'msg_1_5', 'prt_1_5_0', toolCall('bash', 'running'), ++clock);
          // Another session is stamped later (a subagent's turn): the last stamp is not this session's.
          clock = applyEdit(db, { kind: 'retitle', s: 2 }, clock + 5_000);
          await first.absorb(first.indexes.find((index) => index.reader.kind === 'opencode-sqlite')!, [dbPath]);
        }
        first.stop();
        // Some runs: the dashboard was started again and stopped, twice, while the database stayed as
        // it was (the reply still running): the second start finds it as the first left it, and both
        // keep following the sessions the mark found active.
        if (restartedBetween) {
          for (let i = 0; i < 2; i++) {
            const between = storeOn(dataDir, file);
            await between.start();
            between.stop();
          }
        }
        // The messages an edit wrote, or whose tool call it wrote or removed (their time to first token is taken again).
        // A session active when the dashboard stopped is read again from its newest rows.
        const affected = new Set<string>(followed ? ['msg_1_5'] : []);
        // Then OpenCode finishes that reply as it does, in place: the command's part and the reply's
        // tokens get a new time, the session keeps its stamp and no row is added (seen on 1.18.33:
        // a subagent's prompt updated 430 ms after its session's last stamp).
        if (followed && completedAfterStop) {
          upsertPart(db, 'ses_1', 'msg_1_5', 'prt_1_5_0', toolCall('bash', 'completed'), ++clock);
          db.prepare('UPDATE message SET data = ?, time_updated = ? WHERE id = ?').run(JSON.stringify({ time: { created: 5 }, ...usage(0.31, 31) }), ++clock, 'msg_1_5');
        }
        for (const op of edits) {
          clock = applyEdit(db, op, clock);
          if (op.kind === 'add' || op.kind === 'call' || op.kind === 'delete-part') affected.add(`msg_${op.s}_${op.m}`);
        }

        const store = storeOn(dataDir, file);
        const sqlite = store.indexes.find((index) => index.reader.kind === 'opencode-sqlite')!;
        const taken = new Set<string>();
        const unsubscribe = store.onChange((change) => {
          if (change.index === sqlite && !change.live) for (const message of change.changes.messages) taken.add(message.id);
        });
        try {
          await store.start();
          unsubscribe();
          // No message the edits left alone is read again: the restart followed on from where the last run stopped.
          expect([...taken].filter((id) => !affected.has(id))).toEqual([]);
          await expectAsCold(store, dataDir);
        } finally {
          store.stop();
          db.close();
        }
      }),
      // Always among them: a reply followed running, two restarts on the unchanged database, then completed in place.
      { numRuns: 40, examples: [[[{ kind: 'retitle', s: 0 }], true, true, true]] },
    );
  });
});

describe('a restart after a table was rebuilt while the dashboard was stopped', () => {
  it('reads the source whole: the rowids its mark kept number other rows now, and a row below the mark is not missed', async () => {
    const { dataDir, dbPath, db } = createOpencodeDb();
    dirs.push(dataDir);
    seed(db);
    settle(dbPath);
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'sessionscope-rebuilt-')), 'sessions.db');
    dirs.push(path.dirname(file));
    const first = storeOn(dataDir, file);
    await first.start();
    first.stop();
    // As a migration rebuilds a table (drizzle's: named columns, so rows are numbered anew): a copy
    // under a new name in new pages, the gaps in its rowids closed.
    db.prepare('DELETE FROM part WHERE id = ?').run('prt_0_0_0');
    const sql = (db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'part'").get() as { sql: string }).sql;
    db.exec(`${sql.replace(/CREATE TABLE [`"]?part[`"]?/, 'CREATE TABLE part_new')}; INSERT INTO part_new (id, message_id, session_id, time_created, time_updated, data) SELECT id, message_id, session_id, time_created, time_updated, data FROM part; DROP TABLE part; ALTER TABLE part_new RENAME TO part; CREATE INDEX IF NOT EXISTS part_session_idx ON part (session_id); CREATE INDEX IF NOT EXISTS part_message_idx ON part (message_id)`);
    // A tool call written after it takes a rowid the mark had passed (its session not stamped: only a whole read finds it).
    upsertPart(db, 'ses_0', 'msg_0_2', 'prt_0_2_1', toolCall('read', 'error'), 1_780_000_004_000);
    expect((db.prepare('SELECT rowid FROM part WHERE id = ?').get('prt_0_2_1') as { rowid: number }).rowid).toBeLessThanOrEqual(9);
    const store = storeOn(dataDir, file);
    const cold = storeOn(dataDir, null);
    try {
      await store.start();
      await cold.start();
      expect(databaseRows(store)).toEqual(databaseRows(cold));
      expect(JSON.stringify(databaseRows(store))).toContain('prt_0_2_1');
    } finally {
      store.stop();
      cold.stop();
      db.close();
    }
  });
});
