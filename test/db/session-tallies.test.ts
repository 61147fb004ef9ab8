import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { session, sonnetOnly, tokens } from '@/lib/accounting/test-data';
import type { MessageInfo } from '@/lib/model/message';
import type { PriceResolver } from '@/lib/pricing/price-types';
import { SessionDbWriter } from '@/lib/server/db/ingest/session-db-writer';
import { sessionTallies } from '@/lib/server/db/queries/session-tallies';
import { openSqliteSessionDb } from '@/lib/server/db/sqlite/open-sqlite-session-db';
import { emptyChangeSet } from '@/lib/server/readers/read-result';
import { figuresOfTally, sessionFigures } from '@/lib/sessions/session-figures';

/** Sonnet rates; a `local` model priced by a config in session s1 only (the price scope is the session). */
const prices: PriceResolver = (providerID, modelID, sessionID) => {
  if (providerID === 'local' && modelID && sessionID === 's1') return { price: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0 }, providerID, modelID, via: 'config', source: 'p1/opencode.json' };
  return sonnetOnly(providerID, modelID);
};

const messageArb = fc.record({
  session: fc.nat(3),
  role: fc.constantFrom('assistant', 'assistant', 'user'),
  // Few distinct times: ties decide which message is the newest.
  created: fc.nat(6),
  completed: fc.option(fc.nat(9), { nil: undefined }),
  provider: fc.constantFrom('anthropic', 'local', '', undefined),
  model: fc.constantFrom('claude-sonnet-4-5', 'qwen', '', undefined),
  agent: fc.constantFrom('build', 'plan', '', undefined),
  mode: fc.constantFrom('build', 'chat', undefined),
  sideCall: fc.constantFrom('title', '', undefined),
  input: fc.constantFrom(0, 120, 250_000),
  output: fc.nat(5_000),
  cacheRead: fc.constantFrom(0, 40),
  cost: fc.nat(1_000),
  unrecorded: fc.boolean(),
  contextLimit: fc.option(fc.constantFrom(200_000, 1_000_000), { nil: undefined }),
});

describe("every session's tally summed by the session database", () => {
  it('gives the figures the messages themselves give: counts, models, agents, spend, the newest message and context use (property)', () => {
    fc.assert(
      fc.property(fc.array(messageArb, { maxLength: 40 }), (drawn) => {
        const db = openSqliteSessionDb(null)!;
        const writer = new SessionDbWriter(db);
        const sourceId = writer.sourceId('opencode-sqlite', '/data/opencode.db', 10);
        const changes = emptyChangeSet();
        changes.complete = true;
        for (let s = 0; s < 4; s++) changes.sessions.push(session(`s${s}`));
        changes.messages = drawn.map((m, i): MessageInfo => ({
          id: `m${i}`,
          sessionID: `s${m.session}`,
          role: m.role as MessageInfo['role'],
          time: m.completed === undefined ? { created: 1_780_000_000_000 + m.created } : { created: 1_780_000_000_000 + m.created, completed: 1_780_000_000_000 + m.completed },
          cost: m.unrecorded ? 0 : m.cost / 1000,
          tokens: tokens({ input: m.input, output: m.output, cacheRead: m.cacheRead }),
          ...(m.unrecorded ? { costUnrecorded: true as const } : {}),
          ...(m.provider !== undefined ? { providerID: m.provider } : {}),
          ...(m.model !== undefined ? { modelID: m.model } : {}),
          ...(m.agent !== undefined ? { agent: m.agent } : {}),
          ...(m.mode !== undefined ? { mode: m.mode } : {}),
          ...(m.sideCall !== undefined ? { sideCall: m.sideCall } : {}),
          ...(m.contextLimit !== undefined ? { contextLimit: m.contextLimit } : {}),
        }));
        writer.apply(sourceId, changes);
        const tallies = sessionTallies(db, sourceId, prices);
        for (let s = 0; s < 4; s++) {
          const id = `s${s}`;
          // The messages as the store reads them back, in the order the source gave them.
          const messages = changes.messages.filter((m) => m.sessionID === id);
          const tally = tallies.get(id);
          if (messages.length === 0) {
            expect(tally).toBeUndefined();
            continue;
          }
          // One session's tally is the very one every session's pass gives (a rebuilt summary equals a fresh start's, to the last bit).
          expect(sessionTallies(db, sourceId, prices, id).get(id)).toEqual(tally);
          const fromSql = figuresOfTally(tally!, { prices });
          const fromMessages = sessionFigures(messages, { prices });
          expect({ ...fromSql, figure: { ...fromSql.figure, storedCost: round(fromSql.figure.storedCost), computedCost: round(fromSql.figure.computedCost) } }).toEqual({
            ...fromMessages,
            figure: { ...fromMessages.figure, storedCost: round(fromMessages.figure.storedCost), computedCost: round(fromMessages.figure.computedCost) },
          });
        }
        db.close();
      }),
      { numRuns: 300 },
    );
  });
});

/** Sums in another order differ in the last bits of a double; a page shows cents. */
const round = (n: number) => Number(n.toFixed(9));
