import { computeCost } from '@/lib/accounting/compute-cost';
import type { MessageInfo } from '@/lib/model/message';
import type { PriceResolver } from '@/lib/pricing/price-types';
import type { Turn } from '@/lib/sessions/build-turns';
import { emptyTokens, type TokenCounts } from '@/lib/model/tokens';

export interface StepRow extends TokenCounts {
  step: number;
  messageID: string;
  cost: number;
  cumulativeCost: number;
  /** The running cost at API prices (unpriced steps add nothing; see `lib/accounting`). */
  cumulativeComputedCost: number;
  /** Whether this step's model has a price (otherwise the API-price line would understate). */
  priced: boolean;
}

/** An assistant message with its step-finish parts (in order; other parts are ignored). */
export interface StepSource {
  info: MessageInfo;
  steps: readonly { type: string; cost?: number; tokens?: TokenCounts }[];
}

/** The assistant messages of a session's turns, in timeline order, with their parts. */
export function stepSourcesOf(turns: readonly Turn[]): StepSource[] {
  return turns.flatMap((turn) => turn.assistant.map((m) => ({ info: m.info, steps: m.parts })));
}

/**
 * One row per model step (step-finish part) across a session's timeline, with the running cost.
 * A message without step-finish parts (older data) counts as one step with the message's figures.
 */
export function stepSeries(messages: readonly StepSource[], prices?: PriceResolver): StepRow[] {
  const rows: StepRow[] = [];
  let cumulative = 0;
  let cumulativeComputed = 0;
  const push = (info: MessageInfo, t: { input: number; output: number; reasoning: number; cacheRead: number; cacheWrite: number }, cost: number) => {
    const match = prices?.(info.providerID, info.modelID, info.sessionID);
    cumulative += cost;
    cumulativeComputed += match ? computeCost(t, match.price) : 0;
    rows.push({ step: rows.length + 1, messageID: info.id, input: t.input, output: t.output, reasoning: t.reasoning, cacheRead: t.cacheRead, cacheWrite: t.cacheWrite, cost, cumulativeCost: cumulative, cumulativeComputedCost: cumulativeComputed, priced: match !== undefined });
  };
  for (const message of messages) {
    const steps = message.steps.filter((p) => p.type === 'step-finish');
    if (steps.length > 0) for (const s of steps) push(message.info, s.tokens ?? emptyTokens(), s.cost ?? 0);
    else {
      const t = message.info.tokens;
      if (t.input + t.output + t.reasoning + t.cacheRead + t.cacheWrite > 0 || message.info.cost > 0) push(message.info, t, message.info.cost);
    }
  }
  return rows;
}

/**
 * Whether the running API-price cost tells something the recorded one does not (a subscription's
 * $0). Not when a step is unpriced: a line that leaves those out would read as cheaper than it is.
 */
export function computedCostDiffers(rows: readonly StepRow[]): boolean {
  const last = rows.at(-1);
  return last !== undefined && rows.every((r) => r.priced) && Math.abs(last.cumulativeComputedCost - last.cumulativeCost) > Math.max(1e-6, last.cumulativeCost * 0.005);
}

export interface StepBucket extends StepRow {
  /** The axis tick: the bucket's first step ("113"), short enough to read at any width. */
  label: string;
  /** The tooltip's heading: "step 12", "steps 113–119". */
  title: string;
}

/**
 * At most `max` bars: consecutive steps are summed into equal buckets (cumulative cost is the
 * bucket's last), so a 5,000-step session still draws quickly and readably.
 */
export function bucketSteps(rows: readonly StepRow[], max = 240): StepBucket[] {
  const size = Math.max(1, Math.ceil(rows.length / max));
  const out: StepBucket[] = [];
  for (let i = 0; i < rows.length; i += size) {
    const group = rows.slice(i, i + size);
    const first = group[0]!;
    const last = group.at(-1)!;
    const sum = (key: 'input' | 'output' | 'reasoning' | 'cacheRead' | 'cacheWrite' | 'cost') => group.reduce((n, r) => n + r[key], 0);
    out.push({
      step: first.step,
      label: String(first.step),
      title: group.length === 1 ? `step ${first.step}` : `steps ${first.step}–${last.step}`,
      messageID: first.messageID,
      input: sum('input'),
      output: sum('output'),
      reasoning: sum('reasoning'),
      cacheRead: sum('cacheRead'),
      cacheWrite: sum('cacheWrite'),
      cost: sum('cost'),
      cumulativeCost: last.cumulativeCost,
      cumulativeComputedCost: last.cumulativeComputedCost,
      priced: group.every((r) => r.priced),
    });
  }
  return out;
}
