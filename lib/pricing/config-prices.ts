import { z } from 'zod';
import type { ModelPrice, TokenRates } from './price-types';

/** What an opencode.json says about one model: its price (USD per 1M tokens) and/or its limits. */
export interface ConfiguredModel {
  price?: Omit<ModelPrice, 'contextLimit'>;
  contextLimit?: number;
  /** The file, as shown to the user ("~/.config/opencode/opencode.json"). */
  source: string;
}

/** provider id -> model id -> what the config says. */
export type ConfigPriceTable = ReadonlyMap<string, ReadonlyMap<string, ConfiguredModel>>;

const rate = z.number().finite().nonnegative();
const ratesSchema = z.object({ input: rate, output: rate, cache_read: rate.optional(), cache_write: rate.optional() });
const modelSchema = z.object({
  cost: ratesSchema.extend({ context_over_200k: ratesSchema.optional() }).optional().catch(undefined),
  limit: z.object({ context: z.number().int().positive().optional().catch(undefined) }).optional().catch(undefined),
});
const configSchema = z.object({
  provider: z.record(z.string(), z.object({ models: z.record(z.string(), z.unknown()).optional().catch(undefined) }).catch({})).optional().catch(undefined),
});

function ratesOf(c: z.infer<typeof ratesSchema>): TokenRates {
  return { input: c.input, output: c.output, cacheRead: c.cache_read ?? 0, cacheWrite: c.cache_write ?? 0 };
}

/**
 * The models an opencode.json prices or limits (`provider.<id>.models.<id>.cost` / `.limit`).
 * Lenient: a malformed model entry is left out, never fatal; unknown fields pass.
 */
export function configPriceTable(config: unknown, source: string): ConfigPriceTable {
  const table = new Map<string, Map<string, ConfiguredModel>>();
  const parsed = configSchema.safeParse(config);
  if (!parsed.success) return table;
  for (const [providerID, provider] of Object.entries(parsed.data.provider ?? {})) {
    for (const [modelID, raw] of Object.entries(provider.models ?? {})) {
      const model = modelSchema.safeParse(raw);
      if (!model.success) continue;
      const { cost, limit } = model.data;
      if (!cost && limit?.context === undefined) continue;
      const entry: ConfiguredModel = { source };
      if (cost) entry.price = { ...ratesOf(cost), ...(cost.context_over_200k ? { over200k: ratesOf(cost.context_over_200k) } : {}) };
      if (limit?.context !== undefined) entry.contextLimit = limit.context;
      let models = table.get(providerID);
      if (!models) table.set(providerID, (models = new Map()));
      models.set(modelID, entry);
    }
  }
  return table;
}
