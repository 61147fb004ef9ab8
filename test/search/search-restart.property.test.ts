import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createOpencodeDb, insertSession, upsertPart } from '../support/sqlite-builder';
import { ask, dump, newCacheDir, openSearch, writeTurn } from './search-support';

const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot'];
const words = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((w) => w.join(' '));
type Op =
  | { kind: 'session'; s: number }
  | { kind: 'turn'; s: number; prompt: string; reply: string }
  | { kind: 'finish-reply'; s: number; reply: string }
  | { kind: 'title'; s: number; title: string }
  | { kind: 'undo'; s: number }
  | { kind: 'edit-old-part'; s: number; text: string }
  | { kind: 'delete-session'; s: number };
const s = fc.nat(3);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('session' as const), s }),
  fc.record({ kind: fc.constant('turn' as const), s, prompt: words, reply: words }),
  fc.record({ kind: fc.constant('finish-reply' as const), s, reply: words }),
  fc.record({ kind: fc.constant('title' as const), s, title: words }),
  fc.record({ kind: fc.constant('undo' as const), s }),
  // The first turn's prompt rewritten in place (same ids, a newer time_updated, as OpenCode's updates write).
  fc.record({ kind: fc.constant('edit-old-part' as const), s, text: words }),
  fc.record({ kind: fc.constant('delete-session' as const), s }),
);
/** A batch of writes, made while the dashboard runs or while it is stopped (then it restarts on the same index). */
const RUNS = Number(process.env.SEARCH_PROPERTY_RUNS ?? 40);
const batchArb = fc.record({ running: fc.boolean(), ops: fc.array(opArb, { minLength: 1, maxLength: 5 }) });
/** Whether the build reads the database's part table in one pass, or session by session. */
const bulkArb = fc.boolean();

describe('search index across restarts', () => {
  it('sees an old part edited in place while it was stopped (same ids, newer time_updated, session row untouched)', async () => {
    const { dataDir, dbPath, db } = createOpencodeDb();
    const cacheDir = newCacheDir();
    insertSession(db, 'ses_e', { created: 1_780_000_000_000 });
    for (let n = 1; n <= 3; n++) writeTurn(db, 'ses_e', n, { prompt: `prompt ${n} about apples`, reply: `reply ${n}` });
    const first = await openSearch(dataDir, dbPath, cacheDir);
    expect((await ask(first.search, 'apples', { filters: { kinds: ['prompt'] } })).hits).toHaveLength(3);
    first.close();
    const row = db.prepare('SELECT data FROM part WHERE id = ?').get('prt_ses_e_1u') as { data: string };
    db.prepare('UPDATE part SET data = ?, time_updated = ? WHERE id = ?').run(JSON.stringify({ ...JSON.parse(row.data), text: 'prompt 1 about pears' }), 1_790_000_000_000, 'prt_ses_e_1u');
    const second = await openSearch(dataDir, dbPath, cacheDir);
    expect((await ask(second.search, 'pears')).hits.map((h) => h.partID)).toEqual(['prt_ses_e_1u']);
    expect((await ask(second.search, 'apples', { filters: { kinds: ['prompt'] } })).hits).toHaveLength(2);
    second.close();
    db.close();
  });

  it('after writes made while running and while stopped, a restarted index equals a cold one', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(batchArb, { minLength: 1, maxLength: 5 }), bulkArb, async (batches, bulk) => {
        process.env.SESSIONSCOPE_SEARCH_BULK_ABOVE = bulk ? '0' : '1000';
        const { dataDir, dbPath, db } = createOpencodeDb();
        const cacheDir = newCacheDir();
        const turns = new Map<number, number>();
        const sid = (n: number) => `ses_${n}`;
        let clock = 1_780_000_000_000;
        // OpenCode updates the session row with its messages (a revert sets its \`revert\`): the live reader follows updated sessions.
        const touchSession = (id: string) => db.prepare('UPDATE session SET time_updated = ? WHERE id = ?').run(clock, id);
        const exists = (n: number) => Boolean(db.prepare('SELECT 1 FROM session WHERE id = ?').get(sid(n)));
        const apply = (op: Op, live: boolean): void => {
          clock += 1_000;
          const id = sid(op.s);
          const n = turns.get(op.s) ?? 0;
          if (op.kind === 'session') {
            if (!exists(op.s)) insertSession(db, id, { created: clock });
          } else if (!exists(op.s)) return;
          else if (op.kind === 'turn') {
            turns.set(op.s, n + 1);
            writeTurn(db, id, n + 1, { prompt: op.prompt, reply: op.reply }, clock);
          } else if (op.kind === 'finish-reply' && n > 0) {
            upsertPart(db, id, `msg_${id}_${n}a`, `prt_${id}_${n}t`, { type: 'text', text: op.reply, time: { start: clock, end: clock } }, clock);
            if (live) touchSession(id);
          } else if (op.kind === 'edit-old-part' && n > 0) {
            const row = db.prepare('SELECT data FROM part WHERE id = ?').get(`prt_${id}_1u`) as { data: string } | undefined;
            if (row) db.prepare('UPDATE part SET data = ?, time_updated = ? WHERE id = ?').run(JSON.stringify({ ...JSON.parse(row.data), text: `${op.text} edited` }), clock, `prt_${id}_1u`);
            // Stopped, the session row stays as it was: only the part tells (the store's fingerprint does not).
            if (live) touchSession(id);
          } else if (op.kind === 'title') {
            db.prepare('UPDATE session SET title = ?, time_updated = ? WHERE id = ?').run(op.title, clock, id);
          } else if (op.kind === 'undo' && n > 0) {
            turns.set(op.s, n - 1);
            db.prepare('DELETE FROM part WHERE message_id IN (?, ?)').run(`msg_${id}_${n}u`, `msg_${id}_${n}a`);
            db.prepare('DELETE FROM message WHERE id IN (?, ?)').run(`msg_${id}_${n}u`, `msg_${id}_${n}a`);
            touchSession(id);
          } else if (op.kind === 'delete-session') {
            turns.delete(op.s);
            for (const table of ['part', 'message']) db.prepare(`DELETE FROM ${table} WHERE session_id = ?`).run(id);
            db.prepare('DELETE FROM session WHERE id = ?').run(id);
          }
        };
        let running: Awaited<ReturnType<typeof openSearch>> | undefined = await openSearch(dataDir, dbPath, cacheDir);
        for (const batch of batches) {
          if (batch.running) {
            running ??= await openSearch(dataDir, dbPath, cacheDir);
            for (const op of batch.ops) apply(op, true);
            const dbIndex = running.store.indexes.find((i) => i.reader.kind === 'opencode-sqlite');
            if (dbIndex) await running.store.absorb(dbIndex, [`${dbPath}-wal`]);
            await running.search.idle();
          } else {
            running?.close();
            running = undefined;
            for (const op of batch.ops) apply(op, false);
          }
        }
        running ??= await openSearch(dataDir, dbPath, cacheDir);
        const cold = await openSearch(dataDir, dbPath, newCacheDir());
        expect(dump(running.search)).toEqual(dump(cold.search));
        running.close();
        cold.close();
        db.close();
      }),
      // SEARCH_PROPERTY_RUNS=500 searches longer.
      {
        numRuns: RUNS,
        examples: [
          // Session 3's newest turn undone and a turn written in session 0 (quiet since the start) in one
          // change: session 0's rows took the rowids of session 3's, behind the reader's cursor (seed 1645652233).
          [
            [
              { running: false, ops: [{ kind: 'session', s: 0 }, { kind: 'turn', s: 0, prompt: 'alpha', reply: 'alpha' }] },
              { running: false, ops: [{ kind: 'session', s: 3 }, { kind: 'turn', s: 3, prompt: 'alpha', reply: 'alpha' }] },
              { running: true, ops: [{ kind: 'undo', s: 3 }, { kind: 'turn', s: 0, prompt: 'alpha', reply: 'alpha' }, { kind: 'turn', s: 1, prompt: 'alpha', reply: 'alpha' }] },
            ],
            false,
          ],
        ],
      },
    );
  }, 120_000 + RUNS * 3_000);
});
