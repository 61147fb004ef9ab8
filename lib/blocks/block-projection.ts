import type { SessionBlock } from './session-blocks';

const MINUTE_MS = 60_000;

export interface BurnRate {
  /** Every token, cache included. */
  tokensPerMinute: number;
  /** Input and output only: what ccusage's indicator (and a rate limit) reads. */
  tokensPerMinuteForIndicator: number;
  costPerHour: number;
}

export interface BlockProjection {
  /** At the current burn rate, by the block's end. */
  totalTokens: number;
  totalCost: number;
  remainingMinutes: number;
}

/** Tokens and cost per unit of time between the block's first and last message (ccusage's). */
export function burnRate(block: SessionBlock): BurnRate | undefined {
  if (block.gap || block.entries === 0 || block.firstEntry === undefined || block.actualEnd === undefined) return undefined;
  const minutes = (block.actualEnd - block.firstEntry) / MINUTE_MS;
  if (minutes <= 0) return undefined;
  return {
    tokensPerMinute: block.totalTokens / minutes,
    tokensPerMinuteForIndicator: (block.tokens.input + block.tokens.output) / minutes,
    costPerHour: (block.cost / minutes) * 60,
  };
}

/** Where an active block ends up if use goes on at its burn rate (ccusage's projection). */
export function projectBlock(block: SessionBlock, now: number): BlockProjection | undefined {
  if (!block.active || block.gap) return undefined;
  const rate = burnRate(block);
  if (!rate) return undefined;
  const remainingMinutes = Math.round(Math.max(0, block.end - now) / MINUTE_MS);
  return {
    totalTokens: Math.round(block.totalTokens + rate.tokensPerMinute * remainingMinutes),
    totalCost: Math.round((block.cost + (rate.costPerHour / 60) * remainingMinutes) * 100) / 100,
    remainingMinutes,
  };
}

/** A projection against a token limit the person set: its share, and whether it passes it. */
export function limitStatus(projectedTokens: number, limit: number): { percentUsed: number; status: 'ok' | 'warning' | 'exceeds' } {
  const percentUsed = (projectedTokens / limit) * 100;
  // ccusage warns from 80 %.
  return { percentUsed, status: projectedTokens > limit ? 'exceeds' : projectedTokens > limit * 0.8 ? 'warning' : 'ok' };
}
