import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MessageInfo } from '@/lib/model/message';
import { SOURCE_KINDS, type SourceFamily } from '@/lib/model/source';
import { lookupPrice, createPriceResolver } from '@/lib/pricing/lookup-price';
import { computeStats } from './compute-stats';
import { addFigureInto, emptyFigure, finishFigure, type Figure } from './figure';
import { messageFigure, messagesFigure, sessionFigures } from './rollups';
import { subtreeSessionIDs } from './session-tree';
import type { StatsGroupBy } from './stats-grouping';
import { isoWeekOfDay } from './time-keys';
import { assistant, session, sonnetOnly, tokens } from './test-data';

const GROUPINGS: StatsGroupBy[] = ['day', 'hour', 'week', 'month', 'model', 'provider', 'agent', 'project', 'session', 'source'];
const SOURCES = SOURCE_KINDS;

/** A forest of sessions (each parent is an earlier one) and messages spread over them. */
const dataArb = fc.integer({ min: 1, max: 12 }).chain((n) =>
  fc.record({
    sessions: fc
      .tuple(...Array.from({ length: n }, (_, i) => fc.tuple(fc.option(fc.integer({ min: 0, max: Math.max(0, i - 1) }), { nil: undefined }), fc.constantFrom(...SOURCES))))
      .map((specs) => specs.map(([p, source], i) => ({ ...session(`s${i}`, i > 0 && p !== undefined ? `s${p}` : undefined, `p${i % 3}`), source }))),
    messages: fc.array(
      fc.record({
        session: fc.integer({ min: 0, max: n }), // n = a session nobody loaded
        cost: fc.integer({ min: 0, max: 100_000 }),
        input: fc.nat(300_000),
        output: fc.nat(5_000),
        cacheRead: fc.nat(300_000),
        hours: fc.nat(24 * 400), // over a year: weeks and months cross a year's end
        model: fc.constantFrom('anthropic', 'mystery'),
        agent: fc.constantFrom('build', 'Sisyphus - ultraworker', '\u200BSISYPHUS', undefined),
        role: fc.constantFrom('assistant', 'assistant', 'user'),
      }),
      { maxLength: 60 },
    ),
  }),
).map(({ sessions, messages }) => ({
  sessions,
  messages: messages.map((m, i): MessageInfo => ({
    ...assistant({
      id: `m${i}`,
      sessionID: `s${m.session}`,
      cost: m.cost / 1000,
      tokens: tokens({ input: m.input, output: m.output, cacheRead: m.cacheRead }),
      time: { created: Date.UTC(2026, 0, 1) + m.hours * 3_600_000 + i },
      providerID: m.model,
      agent: m.agent,
    }),
    role: m.role as MessageInfo['role'],
  })),
}));

function expectSameFigure(actual: Figure, expected: Figure): void {
  expect(actual.storedCost).toBeCloseTo(expected.storedCost, 6);
  expect(actual.computedCost).toBeCloseTo(expected.computedCost, 6);
  expect(actual.tokens).toEqual(expected.tokens);
  expect([actual.messages, actual.unpricedMessages, actual.unpricedTokens]).toEqual([expected.messages, expected.unpricedMessages, expected.unpricedTokens]);
  expect(actual.unpricedModels ?? []).toEqual(expected.unpricedModels ?? []);
}

const opts = { prices: sonnetOnly };

describe('accounting properties', () => {
  it('the groups of any grouping add up to the total, with or without roots', () => {
    fc.assert(
      fc.property(dataArb, fc.constantFrom(...GROUPINGS), fc.boolean(), fc.constantFrom('UTC', 'Asia/Kolkata', '-07:00'), (data, groupBy, roots, timeZone) => {
        const { total, groups } = computeStats({ ...data, ...opts, groupBy, timeZone, filters: { roots } });
        const sum = emptyFigure();
        for (const g of groups) addFigureInto(sum, g.figure);
        expectSameFigure(sum, total);
        expectSameFigure(total, messagesFigure(data.messages, opts));
        expect(new Set(groups.map((g) => g.key)).size).toBe(groups.length);
      }),
    );
  });

  it('week and month groups sum to the total, and each is the sum of its days', () => {
    fc.assert(
      fc.property(dataArb, fc.constantFrom<StatsGroupBy>('week', 'month'), fc.constantFrom('UTC', 'Pacific/Auckland', '-07:00'), (data, groupBy, timeZone) => {
        const { total, groups } = computeStats({ ...data, ...opts, groupBy, timeZone });
        const sum = emptyFigure();
        for (const g of groups) addFigureInto(sum, g.figure);
        expectSameFigure(sum, total);
        const days = computeStats({ ...data, ...opts, groupBy: 'day', timeZone }).groups;
        for (const g of groups) {
          const inside = emptyFigure();
          for (const d of days) if ((groupBy === 'week' ? isoWeekOfDay(d.key) : d.key.slice(0, 7)) === g.key) addFigureInto(inside, d.figure);
          expectSameFigure(finishFigure(inside), g.figure);
        }
        expect(groups.map((g) => g.key)).toEqual(groups.map((g) => g.key).sort());
      }),
    );
  });

  it('each source group is exactly what filtering by that source finds', () => {
    fc.assert(
      fc.property(dataArb, (data) => {
        const { total, groups } = computeStats({ ...data, ...opts, groupBy: 'source' });
        const sum = emptyFigure();
        for (const g of groups) addFigureInto(sum, g.figure);
        expectSameFigure(sum, total);
        for (const g of groups.filter((g) => g.key !== '')) {
          expectSameFigure(g.figure, computeStats({ ...data, ...opts, groupBy: 'day', filters: { source: g.key as SourceFamily } }).total);
        }
      }),
    );
  });

  it('with a second grouping, each group splits into parts that add up to it, and no message moves group', () => {
    fc.assert(
      fc.property(
        dataArb,
        fc.constantFrom(...GROUPINGS),
        fc.constantFrom(...GROUPINGS),
        fc.boolean(),
        fc.constantFrom('UTC', 'Asia/Kolkata', '-07:00'),
        (data, groupBy, split, roots, timeZone) => {
          fc.pre(groupBy !== split);
          const input = { ...data, ...opts, groupBy, timeZone, filters: { roots } };
          const plain = computeStats(input);
          const twoKey = computeStats({ ...input, split });
          const bySplit = computeStats({ ...input, groupBy: split });
          expectSameFigure(twoKey.total, plain.total);
          expect(twoKey.groups.map((g) => g.key)).toEqual(plain.groups.map((g) => g.key));
          const acrossGroups = new Map<string, Figure>();
          for (const [i, g] of twoKey.groups.entries()) {
            expectSameFigure(g.figure, plain.groups[i]!.figure);
            const sum = emptyFigure();
            for (const part of g.split ?? []) {
              addFigureInto(sum, part.figure);
              addFigureInto(acrossGroups.get(part.key) ?? acrossGroups.set(part.key, emptyFigure()).get(part.key)!, part.figure);
            }
            expectSameFigure(finishFigure(sum), g.figure);
            expect(new Set(g.split?.map((p) => p.key)).size).toBe(g.split?.length);
          }
          // Summed over the first grouping, the parts are the second grouping on its own.
          for (const g of bySplit.groups) expectSameFigure(finishFigure(acrossGroups.get(g.key) ?? emptyFigure()), g.figure);
          expect(acrossGroups.size).toBe(bySplit.groups.length);
        },
      ),
    );
  });

  it('a session with descendants equals the sum over its subtree', () => {
    fc.assert(
      fc.property(dataArb, (data) => {
        const figures = sessionFigures(data.sessions, data.messages, opts);
        for (const s of data.sessions) {
          const subtree = subtreeSessionIDs(data.sessions, [s.id]);
          const expected = messagesFigure(data.messages.filter((m) => subtree.has(m.sessionID)), opts);
          expectSameFigure(figures.get(s.id)!.withDescendants, expected);
        }
      }),
    );
  });

  it('disjoint session filters never lose or double spend', () => {
    fc.assert(
      fc.property(dataArb, fc.array(fc.nat(3), { minLength: 13, maxLength: 13 }), (data, buckets) => {
        const ids = [...data.sessions.map((s) => s.id), `s${data.sessions.length}`];
        const parts = [0, 1, 2, 3].map((b) => ids.filter((_, i) => buckets[i] === b));
        const sum = emptyFigure();
        for (const sessionIDs of parts) addFigureInto(sum, computeStats({ ...data, ...opts, groupBy: 'session', filters: { sessionIDs } }).total);
        expectSameFigure(sum, computeStats({ ...data, ...opts, groupBy: 'session' }).total);
      }),
    );
  });

  it('roots partition spend by tree', () => {
    fc.assert(
      fc.property(dataArb, (data) => {
        const roots = data.sessions.filter((s) => s.parentID === undefined).map((s) => s.id);
        const sum = emptyFigure();
        for (const root of roots) addFigureInto(sum, computeStats({ ...data, ...opts, groupBy: 'day', filters: { subtreeOf: [root] } }).total);
        const loaded = new Set(data.sessions.map((s) => s.id));
        expectSameFigure(sum, messagesFigure(data.messages.filter((m) => loaded.has(m.sessionID)), opts));
      }),
    );
  });

  it('a free (cost 0) claude-sonnet-4-5 message still gets a computed cost', () => {
    const prices = createPriceResolver();
    fc.assert(
      fc.property(
        fc.constantFrom('github-copilot', 'anthropic', 'some-proxy'),
        fc.constantFrom('claude-sonnet-4-5', 'claude-sonnet-4.5', 'claude-sonnet-4-5-20250929'),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.nat(100_000),
        (providerID, modelID, input, output) => {
          const m = assistant({ id: 'm', sessionID: 's', providerID, modelID, cost: 0, tokens: tokens({ input, output }) });
          const f = messageFigure(m, { prices });
          expect(f.storedCost).toBe(0);
          expect(f.computedCost).toBeGreaterThan(0);
          expect(f.unpricedMessages).toBe(0);
        },
      ),
    );
  });

  it('an unknown model is unpriced, never $0', () => {
    const prices = createPriceResolver();
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9.-]{1,12}$/).map((s) => `zz-unknown-${s}`), fc.constantFrom('anthropic', 'nobody', 'github-copilot'), (modelID, providerID) => {
        expect(lookupPrice(providerID, modelID)).toBeUndefined();
        const f = messageFigure(assistant({ id: 'm', sessionID: 's', providerID, modelID, tokens: tokens({ input: 5 }) }), { prices });
        expect(f).toMatchObject({ computedCost: 0, unpricedMessages: 1, unpricedTokens: 5 });
      }),
    );
  });
});
