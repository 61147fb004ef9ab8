import { modelsDevModelSchema, modelsDevProviderSchema, type ModelsDevModel } from './models-dev-schema';
import { SNAPSHOT_FORMAT, type PriceSnapshot, type SnapshotModelTuple, type SnapshotSource } from './snapshot-format';

/** Providers OpenCode users meet most; any model elsewhere still prices through its API twin. */
export const DEFAULT_SNAPSHOT_PROVIDERS = [
  'anthropic', 'openai', 'google', 'google-vertex', 'google-vertex-anthropic', 'amazon-bedrock', 'azure',
  'github-copilot', 'openrouter', 'deepseek', 'xai', 'mistral', 'groq', 'cerebras', 'opencode', 'opencode-go',
  'zai', 'zai-coding-plan', 'zhipuai', 'moonshotai', 'minimax', 'fireworks-ai', 'togetherai', 'vercel',
  'alibaba', 'deepinfra', 'cohere', 'perplexity', 'llama', 'inception', 'morph',
];

export interface ApiSource {
  /** Where the api.json came from, recorded in the snapshot. */
  label: string;
  api: unknown;
}

export interface BuildResult {
  snapshot: PriceSnapshot;
  /** Model records that did not parse (counted, never fatal). */
  skipped: number;
}

function tupleOf(model: ModelsDevModel): SnapshotModelTuple | undefined {
  const cost = model.cost;
  if (!cost) return undefined; // no listed price is "unknown", not free
  const context = model.limit?.context ? Math.round(model.limit.context) : null;
  const base = [cost.input, cost.output, cost.cache_read ?? 0, cost.cache_write ?? 0, context] as const;
  const over = cost.context_over_200k;
  if (!over) return [...base];
  return [...base, [over.input, over.output, over.cache_read ?? null, over.cache_write ?? null]];
}

/**
 * Builds the bundled snapshot from one or more models.dev api.json documents, newest first: a
 * model takes its entry from the first source listing it, so older sources only add models that
 * models.dev has since retired (old sessions still used them).
 */
export function buildSnapshot(sources: readonly ApiSource[], generated: string, providers = DEFAULT_SNAPSHOT_PROVIDERS): BuildResult {
  const out: Record<string, Record<string, SnapshotModelTuple>> = {};
  const recorded: SnapshotSource[] = [];
  let skipped = 0;
  for (const { label, api } of sources) {
    let newest = '';
    const root = typeof api === 'object' && api !== null ? (api as Record<string, unknown>) : {};
    for (const providerID of providers) {
      const provider = modelsDevProviderSchema.safeParse(root[providerID]);
      if (!provider.success) continue;
      const models = (out[providerID] ??= {});
      for (const [modelID, raw] of Object.entries(provider.data.models)) {
        const model = modelsDevModelSchema.safeParse(raw);
        if (!model.success) {
          skipped++;
          continue;
        }
        if (model.data.last_updated && model.data.last_updated > newest) newest = model.data.last_updated;
        const tuple = tupleOf(model.data);
        if (tuple && !(modelID in models)) models[modelID] = tuple;
      }
    }
    recorded.push(newest ? { label, dataDate: newest } : { label });
  }
  const snapshot: PriceSnapshot = {
    source: `models.dev api.json: ${recorded.map((s) => s.label).join('; then ')}`,
    sources: recorded,
    dataDate: recorded[0]?.dataDate ?? generated.slice(0, 10),
    generated,
    format: SNAPSHOT_FORMAT,
    providers: out,
  };
  return { snapshot, skipped };
}

/** JSON with one model per line and sorted keys, so a refresh reads as a clean diff. */
export function serialiseSnapshot(snapshot: PriceSnapshot): string {
  const { providers, ...meta } = snapshot;
  const head = JSON.stringify(meta, null, 2).slice(0, -2);
  const blocks = Object.keys(providers)
    .sort()
    .map((providerID) => {
      const models = providers[providerID] ?? {};
      const lines = Object.keys(models)
        .sort()
        .map((modelID) => `      ${JSON.stringify(modelID)}: ${JSON.stringify(models[modelID])}`);
      return `    ${JSON.stringify(providerID)}: {\n${lines.join(',\n')}\n    }`;
    });
  return `${head},\n  "providers": {\n${blocks.join(',\n')}\n  }\n}\n`;
}
