import { describe, expect, it } from 'vitest';
import { computeCost, ratesFor } from './compute-cost';
import { SONNET, tokens } from './test-data';

const TIERED = { ...SONNET, over200k: { input: 6, output: 22.5, cacheRead: 0.6, cacheWrite: 7.5 } };

describe('computeCost', () => {
  it('prices each kind of token per million', () => {
    const cost = computeCost(tokens({ input: 1_000_000, output: 1_000_000, cacheRead: 1_000_000, cacheWrite: 1_000_000 }), SONNET);
    expect(cost).toBeCloseTo(3 + 15 + 0.3 + 3.75, 10);
  });

  it('bills reasoning at the output rate', () => {
    expect(computeCost(tokens({ reasoning: 2_000_000 }), SONNET)).toBeCloseTo(30, 10);
  });

  it('is zero for no tokens', () => {
    expect(computeCost(tokens(), SONNET)).toBe(0);
  });

  it('switches to the over-200K tier only when input + cache read pass 200,000', () => {
    const at = tokens({ input: 100_000, cacheRead: 100_000, output: 1000 });
    const over = tokens({ input: 100_001, cacheRead: 100_000, output: 1000 });
    expect(ratesFor(at, TIERED)).toBe(TIERED);
    expect(ratesFor(over, TIERED)).toBe(TIERED.over200k);
    expect(computeCost(over, TIERED)).toBeCloseTo((100_001 * 6 + 100_000 * 0.6 + 1000 * 22.5) / 1e6, 10);
  });

  it('ignores cache writes when choosing the tier, as OpenCode does', () => {
    expect(ratesFor(tokens({ input: 10, cacheWrite: 500_000 }), TIERED)).toBe(TIERED);
  });

  it('keeps base rates past 200K for models without a tier', () => {
    expect(computeCost(tokens({ input: 300_000 }), SONNET)).toBeCloseTo(0.9, 10);
  });
});
