import type { PriceResolver } from './price-types';

/** The context window of a model: the match's, else a limit configured without a price. */
export function contextLimitOf(prices: PriceResolver, providerID: string | undefined, modelID: string | undefined, sessionID?: string): number | undefined {
  return prices(providerID, modelID, sessionID)?.price.contextLimit ?? prices.contextLimit?.(providerID, modelID, sessionID);
}
