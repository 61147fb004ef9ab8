import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { SqliteReader } from '@/lib/server/readers/opencode/sqlite/sqlite-reader';
import type { Store } from '@/lib/server/store/store';
import { createOpencodeDb, insertMessage, insertSession, upsertPart } from '../support/sqlite-builder';
import { databaseRows, modelFigures, storeOn } from './support/session-db-store';
import { editArb, settle, toolCall, usage } from './support/opencode-edits';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});



/** What the sessions list shows of each session. */
function listed(store: Store) {
  return [...store.summaryMap().values()]
    .map((s) => ({ id: s.id, title: s.title, messages: s.messageCount, turns: s.turnCount, cost: Number((s.cost ?? 0).toFixed(9)), status: s.status.status, total: s.total.messageCount }))
    .sort((a, b) => a.id.localeCompare(b.id));
}


describe('a restart that finds the session database whole', () => {
  it('reads no message of the unchanged source again, and follows every later write as a cold start does (property)', { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(editArb, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 3 }), async (batches) => {
        const { dataDir, dbPath, db } = createOpencodeDb();
        dirs.push(dataDir);
        db.transaction(() => {
          for (let s = 0; s < 3; s++) {
            insertSession(db, `ses_${s}`);
            for (let m = 0; m < 3; m++) {
              insertMessage(db, `ses_${s}`, `msg_${s}_${m}`, usage(m / 100, m));
              upsertPart(db, `ses_${s}`, `msg_${s}_${m}`, `prt_${s}_${m}_0`, toolCall('bash', 'completed'), 1_780_000_002_000);
            }
          }
        })();
        settle(dbPath);
        const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-held-'));
        dirs.push(cacheDir);
        const file = path.join(cacheDir, 'sessions.db');
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
            for (const op of ops) {
              const s = `ses_${op.s}`;
              // OpenCode stamps the session with every change it makes to it (a revert, a new turn).
              const touch = () => db.prepare('UPDATE session SET time_updated = ? WHERE id = ?').run(++clock, s);
              if (op.kind === 'add') {
                db.prepare('INSERT OR IGNORE INTO session (id, project_id, slug, directory, title, version, time_created, time_updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(s, 'proj1', 'slug', '/work/proj1', `Session ${s}`, '1.2.27', 1, ++clock);
                db.prepare('INSERT OR REPLACE INTO message (id, session_id, time_created, time_updated, data) VALUES (?, ?, ?, ?, ?)').run(`msg_${op.s}_${op.m}`, s, 5, ++clock, JSON.stringify({ time: { created: 5 }, ...usage(op.cost / 100, op.cost) }));
                touch();
              } else if (op.kind === 'call') {
                const message = `msg_${op.s}_${op.m}`;
                if (db.prepare('SELECT 1 FROM message WHERE id = ?').get(message)) {
                  upsertPart(db, s, message, `prt_${op.s}_${op.m}_${op.p}`, toolCall(op.p === 1 ? 'read' : 'bash', op.failed ? 'error' : 'completed'), ++clock);
                  touch();
                }
              } else if (op.kind === 'delete-part') {
                db.prepare('DELETE FROM part WHERE id = ?').run(`prt_${op.s}_${op.m}_${op.p}`);
                touch();
              } else if (op.kind === 'delete-message') {
                db.prepare('DELETE FROM part WHERE message_id = ?').run(`msg_${op.s}_${op.m}`);
                db.prepare('DELETE FROM message WHERE id = ?').run(`msg_${op.s}_${op.m}`);
                touch();
              } else if (op.kind === 'delete-session') {
                db.prepare('DELETE FROM part WHERE session_id = ?').run(s);
                db.prepare('DELETE FROM message WHERE session_id = ?').run(s);
                db.prepare('DELETE FROM session WHERE id = ?').run(s);
              } else db.prepare('UPDATE session SET title = title || ?, time_updated = ? WHERE id = ?').run('!', ++clock, s);
            }
            await store.absorb(sqlite, [dbPath]);
          }
          const cold = storeOn(dataDir, null);
          await cold.start();
          expect(databaseRows(store)).toEqual(databaseRows(cold));
          expect(modelFigures(store)).toEqual(modelFigures(cold));
          expect(listed(store)).toEqual(listed(cold));
          cold.stop();
        } finally {
          store.stop();
          db.close();
        }
      }),
      { numRuns: 25 },
    );
  });
});
