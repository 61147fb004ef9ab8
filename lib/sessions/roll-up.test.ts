import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sessionFigures as accountingFigures } from '@/lib/accounting/rollups';
import { assistant, session, sonnetOnly, tokens } from '@/lib/accounting/test-data';
import type { MessageInfo } from '@/lib/model/message';
import { rollUpAll } from './roll-up';
import { sessionFigures } from './session-figures';

const opts = { prices: sonnetOnly };

/** Sessions (each parent an earlier one) with messages of a priced or an unknown model. */
const forestArb = fc.integer({ min: 1, max: 8 }).chain((n) =>
  fc.record({
    parents: fc.tuple(...Array.from({ length: n }, (_, i) => fc.option(fc.nat(Math.max(0, i - 1)), { nil: undefined }))),
    messages: fc.array(fc.record({ session: fc.nat(n - 1), cost: fc.nat(1000), input: fc.nat(10_000), model: fc.constantFrom('anthropic', 'acme') }), { maxLength: 30 }),
  }),
);

describe('rollUpAll', () => {
  it('gives the same own and with-subagent figures as lib/accounting, computed cost and unpriced models included', () => {
    fc.assert(
      fc.property(forestArb, ({ parents, messages }) => {
        const sessions = parents.map((p, i) => session(`s${i}`, i > 0 && p !== undefined ? `s${p}` : undefined));
        const msgs: MessageInfo[] = messages.map((m, i) => assistant({ id: `m${i}`, sessionID: `s${m.session}`, cost: m.cost / 100, providerID: m.model, tokens: tokens({ input: m.input }) }));
        const own = new Map(sessions.map((s) => [s.id, sessionFigures(msgs.filter((m) => m.sessionID === s.id), opts)]));
        const children = (id: string) => sessions.filter((s) => s.parentID === id).map((s) => s.id);
        const totals = rollUpAll(own.keys(), (id) => own.get(id), children);
        const expected = accountingFigures(sessions, msgs, opts);
        for (const s of sessions) {
          const total = totals.get(s.id)!;
          const want = expected.get(s.id)!.withDescendants;
          expect(own.get(s.id)!.figure).toEqual(expected.get(s.id)!.own);
          expect(total.cost).toBeCloseTo(want.storedCost, 9);
          expect(total.computedCost).toBeCloseTo(want.computedCost, 9);
          expect(total.tokens).toEqual(want.tokens);
          expect(total.unpricedMessages).toBe(want.unpricedMessages);
          expect(total.unpricedModels).toEqual(want.unpricedModels ?? []);
          expect(total.cacheHitRatio).toBe(want.cacheHitRatio);
        }
      }),
    );
  });

  it('counts sessions and messages of the subtree and keeps its latest activity', () => {
    const own = new Map([
      ['root', { messageCount: 2, figure: sessionFigures([], opts).figure, lastActivity: 5 }],
      ['child', { messageCount: 3, figure: sessionFigures([], opts).figure, lastActivity: 9 }],
    ]);
    const totals = rollUpAll(own.keys(), (id) => own.get(id), (id) => (id === 'root' ? ['child'] : []));
    expect(totals.get('root')).toMatchObject({ sessionCount: 2, messageCount: 5, lastActivity: 9, unpricedModels: [] });
  });
});
