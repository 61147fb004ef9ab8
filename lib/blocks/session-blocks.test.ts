import { describe, expect, it } from 'vitest';
import { emptyTokens } from '@/lib/model/tokens';
import { burnRate, limitStatus, projectBlock } from './block-projection';
import { sessionBlocks, type BlockEntry } from './session-blocks';

const H = 3_600_000;
const M = 60_000;
const T0 = Date.UTC(2026, 10, 26, 9);
const entry = (time: number, input: number, cost = 0): BlockEntry => ({ time, tokens: { ...emptyTokens(), input }, cost, apiCost: cost, unpriced: false, model: 'anthropic/claude-sonnet-4-5' });

describe('sessionBlocks', () => {
  it('starts a block on its first message hour and ends it five hours later; a message past that starts the next', () => {
    const blocks = sessionBlocks([entry(T0 + 4 * H + 30 * M, 1), entry(T0 + 20 * M, 1), entry(T0 + 5 * H + 10 * M, 1)], T0 + 48 * H);
    expect(blocks.map((b) => [b.start - T0, b.end - T0, b.entries, b.gap])).toEqual([
      [0, 5 * H, 2, false],
      [5 * H, 10 * H, 1, false],
    ]);
  });

  it('puts a gap block between messages more than five hours apart, from five hours after the last one', () => {
    const blocks = sessionBlocks([entry(T0, 1), entry(T0 + 6 * H, 1)], T0 + 48 * H);
    expect(blocks.map((b) => [b.gap, b.start - T0, b.end - T0])).toEqual([
      [false, 0, 5 * H],
      [true, 5 * H, 6 * H],
      [false, 6 * H, 11 * H],
    ]);
  });

  it('is active while its last message is under five hours old and its end ahead', () => {
    const [block] = sessionBlocks([entry(T0 + 10 * M, 1)], T0 + 4 * H);
    expect(block!.active).toBe(true);
    expect(sessionBlocks([entry(T0 + 10 * M, 1)], T0 + 5 * H)[0]!.active).toBe(false);
  });
});

describe('burn rate and projection', () => {
  it('runs at the rate between first and last message until the block ends, and measures it against a limit', () => {
    const now = T0 + 60 * M;
    const [block] = sessionBlocks([entry(T0, 1000, 1), entry(T0 + 30 * M, 2000, 2)], now);
    expect(burnRate(block!)).toEqual({ tokensPerMinute: 100, tokensPerMinuteForIndicator: 100, costPerHour: 6 });
    expect(projectBlock(block!, now)).toEqual({ totalTokens: 3000 + 100 * 240, totalCost: 3 + 0.1 * 240, remainingMinutes: 240 });
    expect(limitStatus(27_000, 30_000)).toEqual({ percentUsed: 90, status: 'warning' });
    expect(limitStatus(27_000, 20_000).status).toBe('exceeds');
    expect(projectBlock(sessionBlocks([entry(T0, 1)], now)[0]!, now)).toBeUndefined();
  });
});
