import { costRecordedOf, type Figure } from '@/lib/accounting/figure';
import type { TokenCounts } from '@/lib/model/tokens';

/**
 * Spend and usage of a session (its own messages) or of a session with its subagents, as the
 * session table, the session page and `GET /api/sessions` carry them. Derived from a `Figure` of
 * `lib/accounting`, the one place where costs are worked out.
 */
export interface Spend {
  tokens: TokenCounts;
  /** USD as the agent stored it (0 for subscriptions). */
  cost: number;
  /** Absent when every message's agent records a cost; `none`: `cost` is "not recorded" (Codex CLI, Gemini CLI), `some`: it covers only part. */
  costRecorded?: 'some' | 'none';
  /** USD at models.dev API prices, priced messages only: a lower bound when `unpricedModels` is not empty. */
  computedCost: number;
  unpricedMessages: number;
  /** `provider/model` of the messages without a known price. */
  unpricedModels: readonly string[];
  /** "provider/model (file)" priced from an opencode.json; absent when models.dev priced everything. */
  configPriced?: readonly string[];
  /** cacheRead / (input + cacheRead); absent without input. */
  cacheHitRatio?: number;
}

export function spendOf(figure: Readonly<Figure>): Spend {
  const spend: Spend = {
    tokens: figure.tokens,
    cost: figure.storedCost,
    computedCost: figure.computedCost,
    unpricedMessages: figure.unpricedMessages,
    unpricedModels: figure.unpricedModels ?? [],
  };
  const recorded = costRecordedOf(figure);
  if (recorded !== 'all') spend.costRecorded = recorded;
  if (figure.cacheHitRatio !== undefined) spend.cacheHitRatio = figure.cacheHitRatio;
  if (figure.configPriced) spend.configPriced = figure.configPriced;
  return spend;
}
