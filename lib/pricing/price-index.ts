import { normaliseModelId } from './model-id';
import type { ModelPrice } from './price-types';
import type { PriceTable } from './price-table';

/**
 * When a model is priced at several providers, the maker's own API price is the "API-equivalent"
 * cost users expect; resellers and aggregators come after.
 */
const PROVIDER_PREFERENCE = [
  'anthropic', 'openai', 'google', 'xai', 'deepseek', 'mistral', 'moonshotai', 'zai', 'zhipuai', 'minimax',
  'alibaba', 'groq', 'cerebras', 'amazon-bedrock', 'google-vertex', 'google-vertex-anthropic', 'azure',
  'opencode', 'openrouter',
];

export interface IndexedPrice {
  providerID: string;
  modelID: string;
  price: ModelPrice;
  rank: number;
}

export interface PriceIndex {
  /** providerID -> normalised id -> listed id, for variant spellings within one provider. */
  perProvider: Map<string, Map<string, string>>;
  /** Paid entries by normalised id, best provider first. */
  paidByNormalisedId: Map<string, IndexedPrice[]>;
}

export function isPaid(price: ModelPrice): boolean {
  return price.input > 0 || price.output > 0;
}

function rankOf(providerID: string): number {
  const rank = PROVIDER_PREFERENCE.indexOf(providerID);
  return rank === -1 ? PROVIDER_PREFERENCE.length : rank;
}

const cache = new WeakMap<PriceTable, PriceIndex>();

export function priceIndexOf(table: PriceTable): PriceIndex {
  const cached = cache.get(table);
  if (cached) return cached;
  const index: PriceIndex = { perProvider: new Map(), paidByNormalisedId: new Map() };
  const providers = [...table.providers.entries()].sort((a, b) => rankOf(a[0]) - rankOf(b[0]));
  for (const [providerID, models] of providers) {
    const own = new Map<string, string>();
    for (const [modelID, price] of models) {
      const normalised = normaliseModelId(modelID);
      if (!own.has(normalised) || normalised === modelID.toLowerCase()) own.set(normalised, modelID);
      if (!isPaid(price)) continue;
      const list = index.paidByNormalisedId.get(normalised) ?? [];
      list.push({ providerID, modelID, price, rank: rankOf(providerID) });
      index.paidByNormalisedId.set(normalised, list);
    }
    index.perProvider.set(providerID, own);
  }
  cache.set(table, index);
  return index;
}

/**
 * The same model's paid price elsewhere: the best-ranked provider wins; within it the id spelled
 * exactly as asked (a dated `gpt-4o-2024-05-13` has its own price), then the canonical spelling.
 */
export function paidEquivalent(index: PriceIndex, modelID: string): IndexedPrice | undefined {
  const wanted = modelID.toLowerCase();
  const normalised = normaliseModelId(modelID);
  let best: IndexedPrice | undefined;
  let bestScore = Infinity;
  for (const entry of index.paidByNormalisedId.get(normalised) ?? []) {
    const id = entry.modelID.toLowerCase();
    const score = entry.rank * 4 + (id === wanted ? 0 : id === normalised ? 1 : 2);
    if (score < bestScore) {
      best = entry;
      bestScore = score;
    }
  }
  return best;
}
