import type { ConfigPriceTable, ConfiguredModel } from './config-prices';
import type { PriceMatch, PriceResolver } from './price-types';

export interface ConfiguredResolverInput {
  /** models.dev (the bundled table): prices whatever no config names. */
  base: PriceResolver;
  /**
   * The configs that apply to a session, strongest first (its project's opencode.json, then the
   * global one); sessions of other agents (Claude Code, pi) get none: opencode.json is OpenCode's.
   */
  configsFor(sessionID: string | undefined): readonly ConfigPriceTable[];
}

function configuredModel(tables: readonly ConfigPriceTable[], providerID: string, modelID: string): { price?: ConfiguredModel; limit?: ConfiguredModel } {
  let price: ConfiguredModel | undefined;
  let limit: ConfiguredModel | undefined;
  for (const table of tables) {
    const entry = table.get(providerID)?.get(modelID);
    if (!entry) continue;
    price ??= entry.price ? entry : undefined;
    limit ??= entry.contextLimit !== undefined ? entry : undefined;
    if (price && limit) break;
  }
  return { price, limit };
}

/**
 * Prices from opencode.json first, models.dev for the rest: a model the user priced in a config
 * (custom providers: ollama, gateways) is priced at that, with the file named (`via: 'config'`);
 * a configured context limit replaces the listed one either way.
 */
export function createConfiguredResolver(input: ConfiguredResolverInput): PriceResolver {
  // Per set of configs (`configsFor` hands out the same array for the same scope), per provider, per model.
  const memo = new WeakMap<readonly ConfigPriceTable[], Map<string, Map<string, PriceMatch | undefined>>>();
  const resolver: PriceResolver = (providerID, modelID, sessionID) => {
    if (providerID === undefined || modelID === undefined) return input.base(providerID, modelID, sessionID);
    const tables = input.configsFor(sessionID);
    if (tables.length === 0) return input.base(providerID, modelID, sessionID);
    let providers = memo.get(tables);
    if (!providers) memo.set(tables, (providers = new Map()));
    let models = providers.get(providerID);
    if (!models) providers.set(providerID, (models = new Map()));
    if (models.has(modelID)) return models.get(modelID);
    const match = resolve(input.base, tables, providerID, modelID);
    models.set(modelID, match);
    return match;
  };
  // A limit configured for a model no price names (custom providers): the context gauge still has it.
  resolver.contextLimit = (providerID, modelID, sessionID) =>
    providerID === undefined || modelID === undefined ? undefined : configuredModel(input.configsFor(sessionID), providerID, modelID).limit?.contextLimit;
  return resolver;
}

function resolve(base: PriceResolver, tables: readonly ConfigPriceTable[], providerID: string, modelID: string): PriceMatch | undefined {
  const { price, limit } = configuredModel(tables, providerID, modelID);
  const contextLimit = limit?.contextLimit ?? (price?.price ? base(providerID, modelID)?.price.contextLimit : undefined);
  // A model configured at $0 (a subscription, a free tier) keeps its API price where models.dev has one, as a $0 listing does.
  const free = price?.price !== undefined && Object.values(price.price).every((r) => typeof r !== 'number' || r === 0) && base(providerID, modelID) !== undefined;
  if (price?.price && !free) {
    return { price: { ...price.price, ...(contextLimit !== undefined ? { contextLimit } : {}) }, providerID, modelID, via: 'config', source: price.source };
  }
  const listed = base(providerID, modelID);
  if (!listed || contextLimit === undefined) return listed;
  return { ...listed, price: { ...listed.price, contextLimit } };
}
