/** Models seen in real histories, with list prices (USD per 1M tokens) to make stored costs plausible. */
export interface ModelChoice {
  providerID: string;
  modelID: string;
  /** input, output, cache read, cache write; all zero for subscriptions and local models. */
  price: [number, number, number, number];
  weight: number;
}

export const MODELS: readonly ModelChoice[] = [
  { providerID: 'anthropic', modelID: 'claude-sonnet-4-5', price: [3, 15, 0.3, 3.75], weight: 40 },
  { providerID: 'anthropic', modelID: 'claude-opus-4-1', price: [15, 75, 1.5, 18.75], weight: 8 },
  { providerID: 'openai', modelID: 'gpt-5', price: [1.25, 10, 0.125, 0], weight: 20 },
  { providerID: 'github-copilot', modelID: 'claude-sonnet-4', price: [0, 0, 0, 0], weight: 15 },
  { providerID: 'google', modelID: 'gemini-2.5-pro', price: [1.25, 10, 0.31, 0], weight: 12 },
  { providerID: 'ollama', modelID: 'qwen3-coder:30b', price: [0, 0, 0, 0], weight: 5 },
];

const TOTAL_WEIGHT = MODELS.reduce((sum, m) => sum + m.weight, 0);

export function pickModel(u: number): ModelChoice {
  let left = u * TOTAL_WEIGHT;
  for (const model of MODELS) {
    left -= model.weight;
    if (left <= 0) return model;
  }
  return MODELS[0] as ModelChoice;
}

export const ROOT_AGENTS = ['build', 'build', 'build', 'plan', 'Sisyphus - ultraworker'] as const;
export const SUBAGENTS = ['explore', 'explore', 'general'] as const;

export const TITLES = [
  'Fix flaky store test', 'Add CSV export to stats', 'Refactor SQLite reader', 'Investigate slow session page',
  'Upgrade to Next 16', 'Write README quick start', 'Debug watcher feedback loop', 'Add dark mode toggle',
  'Implement retry on half-written files', 'Review pricing table refresh', 'Speed up cold start', 'Add project filter',
];
export const TASKS = ['Find where sessions are indexed', 'Summarize the readme', 'Locate the pricing lookup', 'List failing tests', 'Explore the watcher code'];
export const SLUG_WORDS = ['swift', 'river', 'tidy', 'cactus', 'brave', 'comet', 'quiet', 'maple', 'lunar', 'harbor', 'amber', 'falcon'];
