import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeStats } from '@/lib/accounting/compute-stats';
import type { Figure } from '@/lib/accounting/figure';
import type { StatsGroup, StatsGroupBy } from '@/lib/accounting/stats-grouping';
import { assistant, session, sonnetOnly, tokens } from '@/lib/accounting/test-data';
import type { MessageInfo } from '@/lib/model/message';
import type { SessionInfo } from '@/lib/model/session';
import { SOURCE_FILTERS, SOURCE_KINDS } from '@/lib/model/source';
import type { ModelPrice, PriceResolver } from '@/lib/pricing/price-types';
import { emptyChangeSet } from '@/lib/server/readers/read-result';
import { SessionDbWriter } from '@/lib/server/db/ingest/session-db-writer';
import { statsPlan } from '@/lib/server/db/queries/stats';
import { runSync } from '@/lib/server/db/query-plan';
import { openSqliteSessionDb } from '@/lib/server/db/sqlite/open-sqlite-session-db';
import { statsQuerySchema, STATS_GROUPINGS } from '@/lib/stats/stats-query';

const LONG: ModelPrice = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75, over200k: { input: 6, output: 22.5, cacheRead: 0.6, cacheWrite: 7.5 } };
/** Sonnet rates, a long-context tier for `tiered`, and one project priced by its own config (the price scope is the session). */
const prices: PriceResolver = (providerID, modelID, sessionID) => {
  if (providerID === 'tiered' && modelID) return { price: LONG, providerID, modelID, via: 'exact' };
  if (providerID === 'local' && modelID && sessionID?.startsWith('s')) return configured.get(sessionID) ? { price: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0 }, providerID, modelID, via: 'config', source: 'p1/opencode.json' } : undefined;
  return sonnetOnly(providerID, modelID);
};
let configured = new Map<string, boolean>();

/** Sessions in two sources (some ids in both: the higher priority wins whole) and messages over them. */
const dataArb = fc.integer({ min: 1, max: 10 }).chain((n) =>
  fc.record({
    sessions: fc.array(fc.record({ parent: fc.option(fc.nat(n - 1), { nil: undefined }), kind: fc.constantFrom(...SOURCE_KINDS), project: fc.nat(2), archived: fc.boolean(), inBoth: fc.boolean() }), { minLength: n, maxLength: n }),
    messages: fc.array(
      fc.record({
        session: fc.nat(n - 1),
        inLow: fc.boolean(),
        cost: fc.integer({ min: 0, max: 100_000 }),
        input: fc.nat(300_000),
        output: fc.nat(5_000),
        reasoning: fc.nat(2_000),
        cacheRead: fc.nat(300_000),
        cacheWrite: fc.nat(3_000),
        minutes: fc.nat(60 * 24 * 400),
        provider: fc.constantFrom('anthropic', 'mystery', 'tiered', 'local', undefined),
        agent: fc.constantFrom('build', 'Sisyphus - ultraworker', '\u200BSISYPHUS', 'plan', undefined),
        role: fc.constantFrom('assistant', 'assistant', 'user'),
        zero: fc.boolean(),
        // Codex CLI and Gemini CLI record no cost: counted apart, never as $0 spent.
        unrecorded: fc.boolean(),
      }),
      { maxLength: 50 },
    ),
  }),
);

type Data = typeof dataArb extends fc.Arbitrary<infer T> ? T : never;

function build(data: Data) {
  const high: SessionInfo[] = [];
  const low: SessionInfo[] = [];
  data.sessions.forEach((s, i) => {
    const info: SessionInfo = { ...session(`s${i}`, s.parent !== undefined && s.parent < i ? `s${s.parent}` : undefined, `p${s.project}`), source: s.kind, ...(s.archived ? { time: { created: 0, updated: 0, archived: 5 } } : {}) };
    if (s.inBoth || i % 2 === 0) high.push(info);
    if (s.inBoth || i % 2 === 1) low.push({ ...info, projectID: 'p-low', directory: '/work/low' });
  });
  const highIds = new Set(high.map((s) => s.id));
  const toMessage = (m: Data['messages'][number], i: number): MessageInfo => ({
    ...assistant({
      id: `m${i}`,
      sessionID: `s${m.session}`,
      cost: m.zero || m.unrecorded ? 0 : m.cost / 1000,
      ...(m.unrecorded ? { costUnrecorded: true as const } : {}),
      tokens: m.zero ? tokens() : tokens({ input: m.input, output: m.output, reasoning: m.reasoning, cacheRead: m.cacheRead, cacheWrite: m.cacheWrite }),
      time: { created: Date.UTC(2026, 0, 1) + m.minutes * 60_000 + i },
      providerID: m.provider,
      agent: m.agent,
    }),
    role: m.role as MessageInfo['role'],
  });
  const lowMessages: MessageInfo[] = [];
  const highMessages: MessageInfo[] = [];
  data.messages.forEach((m, i) => {
    const message = toMessage(m, i);
    const inHigh = highIds.has(message.sessionID) && !m.inLow;
    if (inHigh) highMessages.push(message);
    else if (low.some((s) => s.id === message.sessionID)) lowMessages.push(message);
  });
  // What the dashboard shows: each id from its highest-priority source, with that source's messages.
  const shown = [...high, ...low.filter((s) => !highIds.has(s.id))];
  const messages = [...highMessages, ...lowMessages.filter((m) => !highIds.has(m.sessionID))];
  return { high, low, highMessages, lowMessages, shown, messages };
}

const PROJECTS = [{ id: 'p0', name: 'zero', worktree: '/work/p0', source: 'opencode-sqlite' as const }, { id: 'p1', worktree: '/work/p1', source: 'opencode-sqlite' as const }];

function ingest(built: ReturnType<typeof build>) {
  const db = openSqliteSessionDb(null)!;
  const writer = new SessionDbWriter(db);
  const lowId = writer.sourceId('opencode-json', '/low', 1);
  const highId = writer.sourceId('opencode-sqlite', '/high', 10);
  writer.apply(lowId, { ...emptyChangeSet(), projects: [{ id: 'p-low', worktree: '/work/low', source: 'opencode-json' }, { id: 'p0', name: 'zero (old)', worktree: '/work/p0', source: 'opencode-json' }], sessions: built.low, messages: built.lowMessages });
  writer.apply(highId, { ...emptyChangeSet(), projects: PROJECTS, sessions: built.high, messages: built.highMessages });
  return { db, sourceIds: [lowId, highId] };
}

function comparable(figure: Figure) {
  return {
    storedCost: Number(figure.storedCost.toFixed(6)),
    computedCost: Number(figure.computedCost.toFixed(6)),
    tokens: figure.tokens,
    messages: figure.messages,
    unrecorded: figure.unrecordedMessages,
    unpriced: [figure.unpricedMessages, figure.unpricedTokens, figure.unpricedModels ?? [], figure.configPriced ?? []],
    cacheHitRatio: figure.cacheHitRatio === undefined ? undefined : Number(figure.cacheHitRatio.toFixed(9)),
  };
}
function groups(list: StatsGroup[] | undefined): unknown {
  return list?.map((g) => ({ key: g.key, label: g.label, figure: comparable(g.figure), split: groups(g.split) }));
}

describe('stats from the session database', () => {
  it('equal the in-memory sum over the same sessions and messages, for every grouping, split, filter and zone', () => {
    const queryArb = fc.record({
      groupBy: fc.constantFrom<StatsGroupBy>(...STATS_GROUPINGS),
      split: fc.option(fc.constantFrom<StatsGroupBy>(...STATS_GROUPINGS), { nil: undefined }),
      // Ranges on quarter hours (every local day) sum the usage rows; any other range the messages.
      from: fc.option(fc.oneof(fc.nat(400 * 86_400_000), fc.nat(400 * 96).map((q) => q * 900_000)), { nil: undefined }),
      span: fc.option(fc.oneof(fc.nat(200 * 86_400_000), fc.nat(200 * 96).map((q) => q * 900_000)), { nil: undefined }),
      project: fc.option(fc.constantFrom('p0', 'p1', 'p-low'), { nil: undefined }),
      source: fc.option(fc.constantFrom(...SOURCE_FILTERS), { nil: undefined }),
      agent: fc.option(fc.constantFrom('sisyphus', 'build', '', 'nobody'), { nil: undefined }),
      session: fc.option(fc.constantFrom('s0', 's1', 's3'), { nil: undefined }),
      roots: fc.option(fc.boolean(), { nil: undefined }),
      timeZone: fc.constantFrom('UTC', 'Asia/Kolkata', 'America/New_York', 'Australia/Lord_Howe', '-07:00'),
    });
    fc.assert(
      fc.property(dataArb, queryArb, fc.array(fc.nat(9), { maxLength: 4 }), (data, q, withConfig) => {
        configured = new Map(withConfig.map((i) => [`s${i}`, true]));
        const built = build(data);
        const { db, sourceIds } = ingest(built);
        try {
          const from = q.from === undefined ? undefined : Date.UTC(2026, 0, 1) + q.from;
          const to = from === undefined || q.span === undefined ? undefined : from + q.span;
          const query = statsQuerySchema.parse({ groupBy: q.groupBy, ...(q.split && q.split !== q.groupBy ? { split: q.split } : {}), ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}), ...(q.project ? { project: q.project } : {}), ...(q.source ? { source: q.source } : {}), ...(q.agent !== undefined ? { agent: q.agent } : {}), ...(q.session ? { session: q.session } : {}), ...(q.roots !== undefined ? { roots: q.roots ? '1' : '0' } : {}), timeZone: q.timeZone });
          const projects = [...PROJECTS, { id: 'p-low', worktree: '/work/low' }];
          const expected = computeStats({
            sessions: built.shown,
            messages: built.messages,
            groupBy: query.groupBy,
            split: query.split,
            filters: { from: query.from, to: query.to, project: query.project, roots: query.roots, source: query.source, agent: query.agent, subtreeOf: query.session ? [query.session] : undefined },
            timeZone: query.timeZone,
            prices,
            usage: 'message',
            projects,
          });
          const actual = runSync(db, statsPlan('sqlite', query, { sourceIds, prices }));
          expect(comparable(actual.total)).toEqual(comparable(expected.total));
          expect(groups(actual.groups)).toEqual(groups(expected.groups));
        } finally {
          db.close();
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 300) },
    );
  });
});
