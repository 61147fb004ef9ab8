import { rmSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Part } from '@/lib/model/part';
import { getSessionDetail } from '@/lib/server/queries/get-session-detail';
import { getSessionSteps } from '@/lib/server/queries/get-session-steps';
import { getStats } from '@/lib/server/queries/get-stats';
import { statsQuerySchema } from '@/lib/stats/stats-query';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import type { SessionSummary } from '@/lib/sessions/session-summary';
import { createOpencodeDb, insertMessage, insertSession, upsertPart } from '../support/sqlite-builder';
import { TreeBuilder } from '../support/tree-builder';

type Op =
  | { kind: 'session'; store: 'db' | 'tree'; s: number; parent?: number }
  | { kind: 'message'; store: 'db' | 'tree'; s: number; m: number; cost: number }
  | { kind: 'part'; store: 'db' | 'tree'; s: number; m: number; p: number; status: 'running' | 'completed' | 'step' }
  | { kind: 'delete-message'; store: 'db' | 'tree'; s: number; m: number }
  | { kind: 'delete-part'; store: 'db' | 'tree'; s: number; m: number; p: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('session' as const), store: fc.constantFrom('db' as const, 'tree' as const), s: fc.nat(4), parent: fc.option(fc.nat(4), { nil: undefined }) }),
  fc.record({ kind: fc.constant('message' as const), store: fc.constantFrom('db' as const, 'tree' as const), s: fc.nat(4), m: fc.nat(5), cost: fc.integer({ min: 0, max: 100 }) }),
  fc.record({ kind: fc.constant('part' as const), store: fc.constantFrom('db' as const, 'tree' as const), s: fc.nat(4), m: fc.nat(5), p: fc.nat(3), status: fc.constantFrom('running' as const, 'completed' as const, 'step' as const) }),
  fc.record({ kind: fc.constant('delete-message' as const), store: fc.constantFrom('db' as const, 'tree' as const), s: fc.nat(4), m: fc.nat(5) }),
  fc.record({ kind: fc.constant('delete-part' as const), store: fc.constantFrom('db' as const, 'tree' as const), s: fc.nat(4), m: fc.nat(5), p: fc.nat(3) }),
);

const byModel = statsQuerySchema.parse({ groupBy: 'model' });
const byDay = statsQuerySchema.parse({ groupBy: 'day', timeZone: 'UTC' });
const rounded = (figure: { messages: number; storedCost: number; tokens: object }) => ({ messages: figure.messages, cost: Number(figure.storedCost.toFixed(9)), tokens: figure.tokens });

/**
 * The overview's totals: by model they come from the totals kept above the session, by day from
 * the usage rows (a day's total is summed per quarter hour): both must say the same.
 */
function totals(store: Store) {
  const model = getStats(store, byModel);
  const day = getStats(store, byDay);
  return { complete: model.complete, byModel: rounded(model.total), groups: model.groups.map((g) => [g.key, rounded(g.figure)]), byDay: rounded(day.total) };
}

/** What a person sees of a session, minus fields that depend on when the store observed writes. */
function comparable(s: SessionSummary) {
  return { id: s.id, title: s.title, source: s.source, parentID: s.parentID, messageCount: s.messageCount, cost: s.cost, tokens: s.tokens, models: s.models, total: { ...s.total }, childCount: s.childCount, status: s.status.status, activity: s.status.activity };
}
const snapshot = (store: Store) => [...store.summaryMap().values()].map(comparable).sort((a, b) => a.id.localeCompare(b.id));

/** What a session page shows: its newest turns with their parts, its step chart and part count. */
async function pages(store: Store) {
  const out: unknown[] = [];
  for (const id of [...store.summaryMap().keys()].sort()) {
    const detail = await getSessionDetail(store, id);
    const steps = await getSessionSteps(store, id);
    const parts = (m?: { info: { id: string }; parts: Part[] }) => m && { id: m.info.id, parts: m.parts.map((p) => ({ id: p.id, type: p.type, status: p.type === 'tool' ? p.status : undefined })) };
    out.push({
      id,
      turns: detail?.turns.map((t) => ({ id: t.id, user: parts(t.user), assistant: t.assistant.map(parts) })),
      steps: steps?.steps.map((r) => [r.messageID, r.cost, r.input]),
      partCount: steps?.partCount,
    });
  }
  return out;
}

describe('live updates', () => {
  // 200 runs of two stores each take 15-20 s alone on this 2-core machine, 50-100 s inside the suite
  // (each CI run draws new sequences; PROPERTY_RUNS searches longer). The limit is not an assertion.
  it('after any sequence of writes, the live model and open session pages equal a fresh cold read', { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(opArb, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 6 }), async (batches) => {
        const { dataDir, dbPath, db } = createOpencodeDb();
        const tree = new TreeBuilder(dataDir);
        tree.project('proj1');
        const live = new Store(createReaders({ opencodeDir: dataDir, databases: [dbPath] }));
        await live.start();
        const base = Date.now() - 60_000;
        let clock = 0;
        const sid = (s: number) => `ses_${s}`;
        const mid = (s: number, m: number) => `msg_${s}_${m}`;
        for (const batch of batches) {
          const treePaths: string[] = [];
          for (const op of batch) {
            clock += 10;
            const at = base + clock;
            if (op.kind === 'session') {
              const parent = op.parent !== undefined && op.parent !== op.s ? { parentID: sid(op.parent) } : {};
              if (op.store === 'db') {
                db.prepare('DELETE FROM session WHERE id = ?').run(sid(op.s));
                insertSession(db, sid(op.s), { created: at, ...parent });
              } else treePaths.push(tree.session('proj1', sid(op.s), { time: { created: at, updated: at }, ...parent }));
            } else if (op.kind === 'message') {
              const data = { role: 'assistant', modelID: 'm', providerID: 'p', cost: op.cost, tokens: { input: op.cost, output: 1, reasoning: 0, cache: { read: 0, write: 0 } }, time: { created: at } };
              if (op.store === 'db') {
                db.prepare('DELETE FROM message WHERE id = ?').run(mid(op.s, op.m));
                insertMessage(db, sid(op.s), mid(op.s, op.m), data, at);
              } else treePaths.push(tree.message(sid(op.s), mid(op.s, op.m), data));
            } else if (op.kind === 'part') {
              const body =
                op.status === 'step'
                  ? { type: 'step-finish', reason: 'stop', cost: op.p + 1, tokens: { input: 10 * op.p, output: 1, reasoning: 0, cache: { read: 0, write: 0 } } }
                  : { type: 'tool', callID: 'c', tool: 'bash', state: { status: op.status, input: { command: `run ${op.p}` }, time: { start: at } } };
              const id = `prt_${op.s}_${op.m}_${op.p}`;
              if (op.store === 'db') upsertPart(db, sid(op.s), mid(op.s, op.m), id, body, at);
              else treePaths.push(tree.part(sid(op.s), mid(op.s, op.m), id, body));
            } else if (op.kind === 'delete-part') {
              const id = `prt_${op.s}_${op.m}_${op.p}`;
              if (op.store === 'db') db.prepare('DELETE FROM part WHERE id = ?').run(id);
              else {
                const file = `${tree.storage}/part/${mid(op.s, op.m)}/${id}.json`;
                rmSync(file, { force: true });
                treePaths.push(file);
              }
            } else if (op.store === 'db') {
              db.prepare('DELETE FROM message WHERE id = ?').run(mid(op.s, op.m));
            } else {
              const file = `${tree.storage}/message/${sid(op.s)}/${mid(op.s, op.m)}.json`;
              rmSync(file, { force: true });
              treePaths.push(file);
            }
          }
          const [jsonIndex, dbIndex] = live.indexes;
          if (treePaths.length > 0 && jsonIndex) await live.absorb(jsonIndex, treePaths);
          if (dbIndex) await live.absorb(dbIndex, [`${dbPath}-wal`]);
          // An open page refetches after every change: summaries, cached parts and step indexes
          // are then updated incrementally.
          live.summaryMap();
          await pages(live);
        }
        const cold = new Store(createReaders({ opencodeDir: dataDir, databases: [dbPath] }));
        await cold.start();
        expect(snapshot(live)).toEqual(snapshot(cold));
        expect(await pages(live)).toEqual(await pages(cold));
        const figures = totals(live);
        expect(figures).toEqual(totals(cold));
        expect(figures.byModel).toEqual(figures.byDay);
        live.stop();
        cold.stop();
        db.close();
      }),
      {
        // PROPERTY_RUNS=30000 searches longer (about five minutes).
        numRuns: Number(process.env.PROPERTY_RUNS ?? 200),
        examples: [
          // Found by CI: a running tool part removed from the database stayed the session's activity.
          [
            [
              [
                { kind: 'message', store: 'db', s: 0, m: 4, cost: 0 },
                { kind: 'part', store: 'db', s: 0, m: 4, p: 0, status: 'running' },
              ],
              [
                { kind: 'delete-part', store: 'db', s: 0, m: 4, p: 0 },
                { kind: 'session', store: 'db', s: 0 },
              ],
            ],
          ],
        ],
      },
    );
  });
});
