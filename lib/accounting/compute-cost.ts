import type { ModelPrice, TokenRates } from '@/lib/pricing/price-types';
import type { TokenCounts } from '@/lib/model/tokens';

/** OpenCode switches to the long-context rates past this many prompt tokens (spec 000 §9). */
export const LONG_CONTEXT_THRESHOLD = 200_000;

/** The rates one request pays: the over-200K tier when its input + cache read pass the threshold. */
export function ratesFor(tokens: Readonly<TokenCounts>, price: ModelPrice): TokenRates {
  return price.over200k && tokens.input + tokens.cacheRead > LONG_CONTEXT_THRESHOLD ? price.over200k : price;
}

/**
 * USD cost of one request's tokens at models.dev prices (USD per 1M tokens). Reasoning is billed at
 * the output rate. Apply it per step: the tier depends on one request's prompt, not on a sum.
 */
export function computeCost(tokens: Readonly<TokenCounts>, price: ModelPrice): number {
  return costAtRates(tokens, ratesFor(tokens, price));
}

/** USD of tokens at given rates: a sum of requests that all paid the same tier (see `ratesFor`). */
export function costAtRates(tokens: Readonly<TokenCounts>, r: TokenRates): number {
  return (
    (tokens.input * r.input +
      tokens.output * r.output +
      tokens.reasoning * r.output +
      tokens.cacheRead * r.cacheRead +
      tokens.cacheWrite * r.cacheWrite) /
    1_000_000
  );
}
