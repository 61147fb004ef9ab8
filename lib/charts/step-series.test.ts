import { describe, expect, it } from 'vitest';
import { emptyTokens } from '@/lib/model/tokens';
import type { MessageInfo } from '@/lib/model/message';
import type { Turn } from '@/lib/sessions/build-turns';
import type { PriceResolver } from '@/lib/pricing/price-types';
import { bucketSteps, computedCostDiffers, stepSeries, stepSourcesOf } from './step-series';

const info = (id: string, cost = 0, input = 0): MessageInfo => ({ id, sessionID: 's', role: 'assistant', time: { created: 1 }, cost, tokens: { ...emptyTokens(), input } });
const finish = (id: string, cost: number, input: number) => ({ id, messageID: 'm', sessionID: 's', type: 'step-finish' as const, reason: 'stop', cost, tokens: { ...emptyTokens(), input, output: 1 } });

describe('stepSeries', () => {
  it('makes one row per step with a running cost', () => {
    const turns: Turn[] = [
      { id: 't1', assistant: [{ info: info('a1', 0.3), parts: [finish('s1', 0.1, 10), finish('s2', 0.2, 20)] }, { info: info('a2', 0.5, 50), parts: [] }, { info: info('a3'), parts: [] }], start: 0, end: 0, tokens: emptyTokens(), cost: 0 },
    ];
    const rows = stepSeries(stepSourcesOf(turns));
    expect(rows.map((r) => [r.step, r.messageID, r.input, r.cost])).toEqual([
      [1, 'a1', 10, 0.1],
      [2, 'a1', 20, 0.2],
      [3, 'a2', 50, 0.5],
    ]);
    expect(rows.map((r) => Number(r.cumulativeCost.toFixed(2)))).toEqual([0.1, 0.3, 0.8]);
  });
  it('runs the cost at API prices beside the recorded one: $0 subscription steps still cost something', () => {
    const priced = (m: MessageInfo): MessageInfo => ({ ...m, providerID: 'github-copilot', modelID: 'known' });
    const turns: Turn[] = [{ id: 't1', assistant: [{ info: priced(info('a1')), parts: [finish('s1', 0, 1_000_000), finish('s2', 0, 2_000_000)] }, { info: info('a2', 0, 10), parts: [] }], start: 0, end: 0, tokens: emptyTokens(), cost: 0 }];
    const prices = ((provider: string, model: string) => (provider === 'github-copilot' && model === 'known' ? { price: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 } } : undefined)) as unknown as PriceResolver;
    const rows = stepSeries(stepSourcesOf(turns), prices);
    expect(rows.map((r) => r.cumulativeCost)).toEqual([0, 0, 0]);
    // $3 per million input, $15 per million output; the unpriced model adds nothing (never a guess).
    expect(rows.map((r) => Number(r.cumulativeComputedCost.toFixed(6)))).toEqual([3.000015, 9.00003, 9.00003]);
    // With an unpriced step the line would understate: it is not drawn.
    expect(computedCostDiffers(rows)).toBe(false);
    expect(computedCostDiffers(rows.slice(0, 2))).toBe(true);
    expect(computedCostDiffers(stepSeries(stepSourcesOf(turns)))).toBe(false);
  });
  it('is empty without assistant messages', () => {
    expect(stepSeries([])).toEqual([]);
  });
});

describe('bucketSteps', () => {
  const rows = Array.from({ length: 10 }, (_, i) => ({ step: i + 1, messageID: `m${i}`, input: 1, output: 2, reasoning: 0, cacheRead: 3, cacheWrite: 0, cost: 0.5, cumulativeCost: (i + 1) * 0.5, cumulativeComputedCost: (i + 1) * 0.7, priced: true }));
  it('keeps small series as they are, labelled by step', () => {
    const out = bucketSteps(rows, 20);
    expect(out).toHaveLength(10);
    expect(out[3]).toMatchObject({ label: '4', title: 'step 4', input: 1, cumulativeCost: 2 });
  });
  it('sums steps into at most `max` buckets', () => {
    const out = bucketSteps(rows, 4);
    // Ticks stay short (the bucket's first step); the tooltip names the whole bucket.
    expect(out.map((b) => b.label)).toEqual(['1', '4', '7', '10']);
    expect(out.map((b) => b.title)).toEqual(['steps 1–3', 'steps 4–6', 'steps 7–9', 'step 10']);
    expect(out[0]).toMatchObject({ input: 3, output: 6, cacheRead: 9, cost: 1.5, cumulativeCost: 1.5 });
    expect(out.at(-1)?.cumulativeCost).toBe(5);
  });
});
