// Both costs on data the real OpenCode wrote: a model declared at cost 0 (as subscriptions store
// it) still gets an API-equivalent cost, and a model nobody prices is listed as unpriced, never $0.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeCost } from '@/lib/accounting/compute-cost';
import { lookupPrice } from '@/lib/pricing/lookup-price';
import { findDatabases } from '@/lib/server/config';
import { getStats } from '@/lib/server/queries/get-stats';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import type { SessionSummary } from '@/lib/sessions/session-summary';
import { statsQuerySchema } from '@/lib/stats/stats-query';
import { describeContext } from '@/lib/view/context-view';
import { describeCost } from '@/lib/view/cost-view';
import { copyFixture, OPENCODE_FIXTURES, type FixtureCopy, type OpencodeFixture } from '../tools/fixture-dir';

// test/tools/run-opencode.ts: `scripted/claude-sonnet-4-5` is declared at cost 0, `scripted/mystery-model-x` has no cost.
const FREE_MODEL = 'scripted/claude-sonnet-4-5';
const UNKNOWN_MODEL = 'scripted/mystery-model-x';

async function openStore(dir: string): Promise<Store> {
  const store = new Store(createReaders({ opencodeDir: dir, databases: findDatabases(dir) }));
  await store.start();
  return store;
}

const sessionUsing = (store: Store, model: string): SessionSummary => {
  const found = [...store.summaryMap().values()].filter((s) => s.models.includes(model));
  expect(found, `one session uses ${model}`).toHaveLength(1);
  return found[0]!;
};

/** The API-equivalent cost worked out here from the message records and the bundled price of the model. */
function expectedComputedCost(store: Store, sessionID: string, providerID: string, modelID: string): number {
  const price = lookupPrice(providerID, modelID)?.price;
  expect(price, `${providerID}/${modelID} has a price`).toBeDefined();
  let sum = 0;
  for (const m of store.view.messages(sessionID)) if (m.role === 'assistant') sum += computeCost(m.tokens, price!);
  return sum;
}

describe.each(OPENCODE_FIXTURES)('costs of the real OpenCode fixture %s', (name: OpencodeFixture) => {
  let copy: FixtureCopy;
  let store: Store;

  beforeAll(async () => {
    copy = await copyFixture(name);
    store = await openStore(copy.dir);
  });
  afterAll(async () => {
    store.stop();
    await copy.remove();
  });

  it('gives a message stored at $0 on a known model an API-equivalent cost above 0', () => {
    const s = sessionUsing(store, FREE_MODEL);
    const replies = [...store.view.messages(s.id)].filter((m) => m.role === 'assistant');
    expect(replies.length).toBeGreaterThan(0);
    expect(replies.every((m) => m.cost === 0 && m.modelID === 'claude-sonnet-4-5')).toBe(true);
    expect(s.cost).toBe(0);
    expect(s.computedCost).toBeGreaterThan(0);
    expect(s.computedCost).toBeCloseTo(expectedComputedCost(store, s.id, 'anthropic', 'claude-sonnet-4-5'), 12);
    expect(s.unpricedModels).toEqual([]);
    expect(describeCost(s).alt).toBe(`API ${describeCost({ cost: s.computedCost, computedCost: s.computedCost, unpricedModels: [] }).stored}`);
  });

  it('lists an unknown model as unpriced, never as $0 at API prices', () => {
    const s = sessionUsing(store, UNKNOWN_MODEL);
    expect(s.unpricedModels).toEqual([UNKNOWN_MODEL]);
    expect(s.unpricedMessages).toBeGreaterThan(0);
    expect(s.computedCost).toBe(0);
    const shown = describeCost(s);
    expect(shown.alt).toBe('API: unpriced');
    expect(shown.title).toContain(`No price for: ${UNKNOWN_MODEL}`);
    expect(describeContext(s.contextUse).text).toBe('unknown');

    const byModel = getStats(store, statsQuerySchema.parse({ groupBy: 'model' }));
    const group = byModel.groups.find((g) => g.key === UNKNOWN_MODEL);
    expect(group?.figure).toMatchObject({ computedCost: 0, unpricedModels: [UNKNOWN_MODEL] });
    expect(group?.figure.unpricedMessages).toBeGreaterThan(0);
    expect(byModel.total.unpricedModels).toContain(UNKNOWN_MODEL);
  });

  it("measures the latest request against the model's context window", () => {
    const s = sessionUsing(store, FREE_MODEL);
    const last = [...store.view.messages(s.id)].filter((m) => m.role === 'assistant').sort((a, b) => a.time.created - b.time.created).at(-1)!;
    const used = last.tokens.input + last.tokens.cacheRead + last.tokens.cacheWrite;
    const limit = lookupPrice('scripted', 'claude-sonnet-4-5')?.price.contextLimit;
    expect(limit).toBeGreaterThan(0);
    expect(s.contextUse).toEqual({ used, limit, ratio: used / limit!, model: FREE_MODEL });
  });

  it('splits each day by model so that the models add up to the day', () => {
    const days = getStats(store, statsQuerySchema.parse({ groupBy: 'day', split: 'model' })).groups;
    expect(days.length).toBeGreaterThan(0);
    for (const day of days) {
      const parts = day.split ?? [];
      expect(parts.length).toBeGreaterThan(0);
      expect(parts.reduce((n, p) => n + p.figure.storedCost, 0)).toBeCloseTo(day.figure.storedCost, 12);
      expect(parts.reduce((n, p) => n + p.figure.computedCost, 0)).toBeCloseTo(day.figure.computedCost, 12);
      expect(parts.reduce((n, p) => n + p.figure.messages, 0)).toBe(day.figure.messages);
    }
  });
});

describe('a GitHub Copilot session (the real 1.18.33 fixture, its model renamed in a copy)', () => {
  let copy: FixtureCopy;
  let store: Store;
  let sessionID: string;

  beforeAll(async () => {
    copy = await copyFixture('opencode-1.18.33');
    const db = new Database(`${copy.dir}/opencode.db`);
    const row = db.prepare("SELECT session_id FROM message WHERE json_extract(data, '$.modelID') = 'claude-sonnet-4-5' LIMIT 1").get() as { session_id: string };
    sessionID = row.session_id;
    db.prepare("UPDATE message SET data = json_set(data, '$.providerID', 'github-copilot', '$.modelID', 'claude-sonnet-4.5') WHERE session_id = ? AND json_extract(data, '$.role') = 'assistant'").run(sessionID);
    db.close();
    store = await openStore(copy.dir);
  });
  afterAll(async () => {
    store.stop();
    await copy.remove();
  });

  it("stores $0, costs the Anthropic API price, and fills Copilot's smaller context window", () => {
    const s = store.summaryMap().get(sessionID)!;
    expect(s.models).toEqual(['github-copilot/claude-sonnet-4.5']);
    expect(s.cost).toBe(0);
    expect(s.computedCost).toBeGreaterThan(0);
    expect(s.computedCost).toBeCloseTo(expectedComputedCost(store, sessionID, 'anthropic', 'claude-sonnet-4-5'), 12);
    expect(s.unpricedModels).toEqual([]);
    expect(s.contextUse?.limit).toBe(lookupPrice('github-copilot', 'claude-sonnet-4.5')?.price.contextLimit);
    expect(s.contextUse?.limit).toBeLessThan(lookupPrice('anthropic', 'claude-sonnet-4-5')?.price.contextLimit ?? 0);
  });
});
