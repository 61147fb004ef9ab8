import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createOpencodeDb, insertSession, upsertPart } from '../support/sqlite-builder';
import { dump, newCacheDir, openSearch, writeTurn } from './search-support';

const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot'];
const words = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((w) => w.join(' '));
type Op =
  | { kind: 'session'; s: number }
  | { kind: 'turn'; s: number; prompt: string; reply: string }
  | { kind: 'finish-reply'; s: number; reply: string }
  | { kind: 'title'; s: number; title: string }
  | { kind: 'undo'; s: number }
  | { kind: 'delete-session'; s: number };
const s = fc.nat(3);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('session' as const), s }),
  fc.record({ kind: fc.constant('turn' as const), s, prompt: words, reply: words }),
  fc.record({ kind: fc.constant('finish-reply' as const), s, reply: words }),
  fc.record({ kind: fc.constant('title' as const), s, title: words }),
  fc.record({ kind: fc.constant('undo' as const), s }),
  fc.record({ kind: fc.constant('delete-session' as const), s }),
);
/** A batch of writes, made while the dashboard runs or while it is stopped (then it restarts on the same index). */
const RUNS = Number(process.env.SEARCH_PROPERTY_RUNS ?? 40);
const batchArb = fc.record({ running: fc.boolean(), ops: fc.array(opArb, { minLength: 1, maxLength: 5 }) });

describe('search index across restarts', () => {
  it('after writes made while running and while stopped, a restarted index equals a cold one', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(batchArb, { minLength: 1, maxLength: 5 }), async (batches) => {
        const { dataDir, dbPath, db } = createOpencodeDb();
        const cacheDir = newCacheDir();
        const turns = new Map<number, number>();
        const sid = (n: number) => `ses_${n}`;
        let clock = 1_780_000_000_000;
        const exists = (n: number) => Boolean(db.prepare('SELECT 1 FROM session WHERE id = ?').get(sid(n)));
        const apply = (op: Op): void => {
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
          } else if (op.kind === 'title') {
            db.prepare('UPDATE session SET title = ?, time_updated = ? WHERE id = ?').run(op.title, clock, id);
          } else if (op.kind === 'undo' && n > 0) {
            turns.set(op.s, n - 1);
            db.prepare('DELETE FROM part WHERE message_id IN (?, ?)').run(`msg_${id}_${n}u`, `msg_${id}_${n}a`);
            db.prepare('DELETE FROM message WHERE id IN (?, ?)').run(`msg_${id}_${n}u`, `msg_${id}_${n}a`);
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
            for (const op of batch.ops) apply(op);
            const dbIndex = running.store.indexes.find((i) => i.reader.kind === 'opencode-sqlite');
            if (dbIndex) await running.store.absorb(dbIndex, [`${dbPath}-wal`]);
            await running.search.idle();
          } else {
            running?.close();
            running = undefined;
            for (const op of batch.ops) apply(op);
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
      { numRuns: RUNS },
    );
  }, 30_000 + RUNS * 1_000);
});
