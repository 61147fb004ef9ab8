import { bundledPriceTable } from './bundled-prices';
import { normaliseModelId } from './model-id';
import { isPaid, paidEquivalent, priceIndexOf } from './price-index';
import type { PriceMatch, PriceResolver } from './price-types';
import type { PriceTable } from './price-table';

/**
 * Finds the price of `modelID` as served by `providerID`. The provider's own listing wins when it
 * charges; a free listing (subscriptions like GitHub Copilot store $0) or a missing provider falls
 * back to the same model's API price elsewhere; `undefined` when nothing matches (unpriced).
 */
export function lookupPrice(
  providerID: string | undefined,
  modelID: string | undefined,
  table: PriceTable = bundledPriceTable(),
): PriceMatch | undefined {
  if (!modelID) return undefined;
  const index = priceIndexOf(table);
  const normalised = normaliseModelId(modelID);
  let own: PriceMatch | undefined;
  const models = providerID === undefined ? undefined : table.providers.get(providerID);
  if (models && providerID !== undefined) {
    const exact = models.get(modelID);
    const aliasID = exact ? undefined : index.perProvider.get(providerID)?.get(normalised);
    const alias = aliasID === undefined ? undefined : models.get(aliasID);
    if (exact) own = { price: exact, providerID, modelID, via: 'exact' };
    else if (alias && aliasID !== undefined) own = { price: alias, providerID, modelID: aliasID, via: 'alias' };
  }
  if (own && isPaid(own.price)) return own;
  const other = paidEquivalent(index, modelID);
  if (other) {
    // The serving provider knows its own context window best (Copilot caps it below the API's).
    const contextLimit = own?.price.contextLimit ?? other.price.contextLimit;
    const price = contextLimit === undefined ? other.price : { ...other.price, contextLimit };
    return { price, providerID: other.providerID, modelID: other.modelID, via: 'equivalent' };
  }
  return own ? { ...own, via: 'free' } : undefined;
}

/** A memoised `lookupPrice` for hot loops (one lookup per distinct provider + model). */
export function createPriceResolver(table: PriceTable = bundledPriceTable()): PriceResolver {
  // Nested maps: no key string is built per message.
  const memo = new Map<string | undefined, Map<string | undefined, PriceMatch | undefined>>();
  return (providerID, modelID) => {
    let models = memo.get(providerID);
    if (!models) memo.set(providerID, (models = new Map()));
    if (models.has(modelID)) return models.get(modelID);
    const match = lookupPrice(providerID, modelID, table);
    models.set(modelID, match);
    return match;
  };
}

let shared: PriceResolver | undefined;

/** One resolver (and its memo) for the whole process, over the bundled table. */
export function sharedPrices(): PriceResolver {
  return (shared ??= createPriceResolver());
}
