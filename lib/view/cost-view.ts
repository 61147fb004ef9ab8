import { formatCost } from '@/lib/format/format-cost';

/** Both costs of anything: a session, a subtree, a day, a period. */
export interface CostInput {
  /** As the agent recorded it. */
  cost: number;
  /** Absent: every agent involved records a cost. `none`: none did (Codex CLI, Gemini CLI), `some`: part did. */
  costRecorded?: 'some' | 'none';
  /** At models.dev API prices, priced messages only. */
  computedCost: number;
  /** `provider/model` without a known price. */
  unpricedModels: readonly string[];
  /** "provider/model (file)" priced from an opencode.json instead of models.dev. */
  configPriced?: readonly string[];
}

export interface CostView {
  /** The recorded cost, formatted. */
  stored: string;
  /** Second line, present when it tells something: "API $1.23", "API ≥$1.23 · partly unpriced", "API: unpriced". */
  alt?: string;
  /** Some messages have no price: the API figure is a lower bound (or missing). */
  partlyUnpriced: boolean;
  /** The hover text: where each number comes from. */
  title: string;
}

const STORED_NOTE = 'what the agent recorded (subscriptions such as GitHub Copilot record $0; Codex CLI and Gemini CLI record no cost)';
const NO_COST_AGENTS = 'Codex CLI, Gemini CLI, Claude Code without a cost record';
const API_NOTE = 'the same tokens at pay-as-you-go API list prices (models.dev)';

/** "acme/mystery, other/x" — at most `max` names, then "and N more". */
export function modelList(models: readonly string[], max = 5): string {
  const shown = models.slice(0, max).join(', ');
  return models.length > max ? `${shown} and ${models.length - max} more` : shown;
}

/**
 * How to show a cost: the recorded figure first, the API-equivalent one beside it when the two
 * read differently, "partly unpriced" when models lack a price (never a silent $0).
 */
export function describeCost(c: CostInput): CostView {
  const recorded = formatCost(c.cost);
  // "$0.00" would say free: an agent that records no cost said nothing of it.
  const stored = c.costRecorded === 'none' ? 'not recorded' : recorded;
  const api = formatCost(c.computedCost);
  const partlyUnpriced = c.unpricedModels.length > 0;
  const lines = [
    c.costRecorded === 'none'
      ? `Recorded: none, the agent records no cost (${NO_COST_AGENTS}).`
      : c.costRecorded === 'some'
        ? `Recorded: ${recorded} for the messages whose agent records a cost; the others (${NO_COST_AGENTS}) record none.`
        : `Recorded: ${recorded}, ${STORED_NOTE}.`,
  ];
  let alt: string | undefined;
  if (!partlyUnpriced) {
    lines.push(`At API prices: ${api}, ${API_NOTE}.`);
    if (api !== stored) alt = `API ${api}`;
  } else if (c.computedCost > 0) {
    lines.push(`At API prices: at least ${api}, ${API_NOTE}; partly unpriced.`);
    alt = `API ≥${api} · partly unpriced`;
  } else {
    lines.push('At API prices: unpriced, no model used here has a known price.');
    alt = 'API: unpriced';
  }
  if (c.costRecorded === 'some') alt = alt ? `${alt} · partly recorded` : 'partly recorded';
  if (partlyUnpriced) lines.push(`No price for: ${modelList(c.unpricedModels)}. Their tokens are not in the API figure.`);
  if (c.configPriced && c.configPriced.length > 0) {
    lines.push(`Priced from opencode.json: ${modelList(c.configPriced)}; models.dev prices the rest.`);
  }
  return { stored, alt, partlyUnpriced, title: lines.join('\n') };
}

/** `costRecorded` of stats figures (`messages`, `unrecordedMessages` summed): absent when every agent recorded its cost. */
export function costRecordedIn(f: { messages: number; unrecordedMessages?: number }): 'some' | 'none' | undefined {
  const unrecorded = f.unrecordedMessages ?? 0;
  if (unrecorded <= 0) return undefined;
  return unrecorded >= f.messages ? 'none' : 'some';
}
