import type { ModelPrice } from './price-types';
import { priceSnapshotSchema, type PriceSnapshot, type SnapshotModelTuple } from './snapshot-format';

export interface PriceTable {
  source: string;
  dataDate: string;
  /** providerID -> modelID -> price, ids as models.dev spells them. */
  providers: ReadonlyMap<string, ReadonlyMap<string, ModelPrice>>;
}

export function priceOfTuple(tuple: SnapshotModelTuple): ModelPrice {
  const [input, output, cacheRead, cacheWrite, context, over] = tuple;
  const price: ModelPrice = { input, output, cacheRead, cacheWrite };
  if (context !== null) price.contextLimit = context;
  if (over) {
    // A tier that leaves out a cache rate keeps the base one: a better guess than OpenCode's 0.
    price.over200k = { input: over[0], output: over[1], cacheRead: over[2] ?? cacheRead, cacheWrite: over[3] ?? cacheWrite };
  }
  return price;
}

export function priceTableOf(snapshot: PriceSnapshot): PriceTable {
  const providers = new Map<string, Map<string, ModelPrice>>();
  for (const [providerID, models] of Object.entries(snapshot.providers)) {
    const byModel = new Map<string, ModelPrice>();
    for (const [modelID, tuple] of Object.entries(models)) byModel.set(modelID, priceOfTuple(tuple));
    providers.set(providerID, byModel);
  }
  return { source: snapshot.source, dataDate: snapshot.dataDate, providers };
}

/** Parses a snapshot file's contents; throws on a malformed one (it is ours, so that is a bug). */
export function parsePriceSnapshot(json: unknown): PriceTable {
  return priceTableOf(priceSnapshotSchema.parse(json));
}
