export type { ModelPrice, PriceMatch, PriceMatchKind, PriceResolver, TokenRates } from './price-types';
export type { PriceTable } from './price-table';
export { bundledPriceTable } from './bundled-prices';
export { createPriceResolver, lookupPrice } from './lookup-price';
export { normaliseModelId } from './model-id';
