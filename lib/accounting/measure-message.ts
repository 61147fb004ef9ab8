import type { MessageInfo } from '@/lib/model/message';
import type { PartMeta } from '@/lib/model/part-meta';
import { addTokensInto, totalTokenCount } from '@/lib/model/tokens';
import type { PriceResolver } from '@/lib/pricing/price-types';
import { computeCost } from './compute-cost';
import type { Figure } from './figure';
import { configPricedListOf, unpricedListOf } from './model-key';

/**
 * `message`: the message record, as `opencode stats` sums it. OpenCode adds every step's cost to
 * `message.cost` but overwrites `message.tokens` with the latest step's, so multi-step messages
 * under-report tokens (and a cost computed from them) at this level.
 * `steps`: the message's step-finish parts where it has any, the record otherwise.
 */
export type UsageLevel = 'message' | 'steps';

export interface MeasureOptions {
  prices: PriceResolver;
  /** Parts by message id; only `step-finish` ones are read. */
  steps?: ReadonlyMap<string, readonly PartMeta[]>;
  /** Default `steps` (falls back to the record for messages without step-finish parts). */
  usage?: UsageLevel;
}

function reset(f: Figure): void {
  f.storedCost = 0;
  f.computedCost = 0;
  f.tokens.input = f.tokens.output = f.tokens.reasoning = f.tokens.cacheRead = f.tokens.cacheWrite = 0;
  f.messages = f.steps = f.stepMessages = f.unrecordedMessages = f.unpricedMessages = f.unpricedTokens = 0;
  delete f.cacheHitRatio;
  delete f.unpricedModels;
  delete f.configPriced;
}

/**
 * Overwrites `out` with one message's figure and returns whether it counts (assistant messages
 * only). Reusing `out` keeps a 100K-message pass free of per-message allocations.
 */
export function measureMessageInto(out: Figure, message: MessageInfo, options: MeasureOptions): boolean {
  reset(out);
  if (message.role !== 'assistant') return false;
  const match = options.prices(message.providerID, message.modelID, message.sessionID);
  out.messages = 1;
  if (message.costUnrecorded) out.unrecordedMessages = 1;
  const parts = options.usage === 'message' ? undefined : options.steps?.get(message.id);
  if (parts) {
    for (const part of parts) {
      if (part.type !== 'step-finish') continue;
      out.steps++;
      out.storedCost += part.cost ?? 0;
      if (!part.tokens) continue;
      addTokensInto(out.tokens, part.tokens);
      if (match) out.computedCost += computeCost(part.tokens, match.price);
    }
  }
  if (out.steps > 0) out.stepMessages = 1;
  else {
    out.storedCost = message.cost;
    addTokensInto(out.tokens, message.tokens);
    if (match) out.computedCost = computeCost(message.tokens, match.price);
  }
  const used = totalTokenCount(out.tokens);
  // A message that used nothing costs nothing whatever its model: not worth an "unpriced" flag.
  if (!match && (used > 0 || out.storedCost > 0)) {
    out.unpricedMessages = 1;
    out.unpricedTokens = used;
    out.unpricedModels = unpricedListOf(message);
  }
  else if (match?.via === 'config') out.configPriced = configPricedListOf(message, match.source);
  return true;
}
