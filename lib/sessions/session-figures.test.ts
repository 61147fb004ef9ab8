import { describe, expect, it } from 'vitest';
import { messagesFigure } from '@/lib/accounting/rollups';
import { assistant, SONNET, sonnetOnly, stepFinish, tokens, user } from '@/lib/accounting/test-data';
import { sessionFigures } from './session-figures';

const prices = sonnetOnly;
const t = (d: number) => Date.UTC(2026, 0, 1, 12, d);
const messages = [
  user('u1', 's', t(0)),
  assistant({ id: 'a1', sessionID: 's', parentID: 'u1', cost: 0, time: { created: t(1) }, tokens: tokens({ input: 1000, cacheRead: 3000, output: 50 }) }),
  assistant({ id: 'a2', sessionID: 's', parentID: 'u1', cost: 0.25, time: { created: t(2) }, providerID: 'acme', modelID: 'mystery', tokens: tokens({ input: 10, output: 5 }) }),
  user('u2', 's', t(3)),
  assistant({ id: 'a3', sessionID: 's', parentID: 'u2', cost: 0, time: { created: t(4) }, tokens: tokens({ input: 20_000, cacheRead: 70_000, cacheWrite: 10_000 }) }),
  // Still streaming: no tokens yet, so it says nothing about the context window.
  assistant({ id: 'a4', sessionID: 's', parentID: 'u2', time: { created: t(5) } }),
];

describe('sessionFigures', () => {
  it('counts turns, messages, models and agents', () => {
    const f = sessionFigures(messages, { prices });
    expect(f).toMatchObject({ messageCount: 6, turnCount: 2, firstActivity: t(0), lastActivity: t(5) });
    expect(f.models.sort()).toEqual(['acme/mystery', 'anthropic/claude-sonnet-4-5']);
    expect(f.last?.id).toBe('a4');
  });

  it('takes spend from lib/accounting: stored and API-equivalent cost, unpriced models named', () => {
    const f = sessionFigures(messages, { prices });
    expect(f.figure).toEqual(messagesFigure(messages, { prices }));
    expect(f.figure.storedCost).toBe(0.25);
    expect(f.figure.computedCost).toBeGreaterThan(0);
    expect(f.figure.unpricedModels).toEqual(['acme/mystery']);
  });

  it("measures context use at the latest request that sent a prompt, against its model's limit", () => {
    expect(sessionFigures(messages, { prices }).contextUse).toEqual({ used: 100_000, limit: SONNET.contextLimit, ratio: 0.5, model: 'anthropic/claude-sonnet-4-5' });
  });

  it('prefers the latest step-finish part of that request when the index holds it', () => {
    const steps = [stepFinish('p1', 'a3', 0, tokens({ input: 1, cacheRead: 1 })), { ...stepFinish('p2', 'a3', 0, tokens({ input: 150_000 })), end: 9 }];
    const f = sessionFigures(messages, { prices, partsOf: (id) => (id === 'a3' ? steps : []) });
    expect(f.contextUse).toMatchObject({ used: 150_000, ratio: 0.75 });
  });

  it('has no ratio, never 0%, when the model has no known context limit', () => {
    const f = sessionFigures([assistant({ id: 'a', sessionID: 's', providerID: 'acme', modelID: 'mystery', tokens: tokens({ input: 500 }) })], { prices });
    expect(f.contextUse).toEqual({ used: 500, model: 'acme/mystery' });
  });

  it('a side call (omp model_usage) counts in spend, but is neither the newest reply nor the context in use', () => {
    const side = assistant({ id: 'side', sessionID: 's', parentID: 'u2', cost: 0.5, sideCall: 'auto-thinking', time: { created: t(6), completed: t(6) }, tokens: tokens({ input: 900_000 }) });
    const f = sessionFigures([...messages, side], { prices });
    expect(f.figure.storedCost).toBe(0.75);
    expect(f.figure.tokens.input).toBe(1000 + 10 + 20_000 + 900_000);
    expect(f.last?.id).toBe('a4');
    expect(f.contextUse).toMatchObject({ used: 100_000 });
  });

  it('has no context use before any reply', () => {
    expect(sessionFigures([user('u', 's')], { prices }).contextUse).toBeUndefined();
  });
});
