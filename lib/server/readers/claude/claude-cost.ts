import 'server-only';
import type { CostState } from './claude-schema';

/**
 * Claude Code records what a session cost in `cost-state` lines: per model, the tokens and the USD
 * it charged for them (cumulative over resumes, the session's subagents included). It prices every
 * Claude model with the same ratios (output 5x input, cache reads 0.1x, 5-minute cache writes
 * 1.25x, 1-hour ones 2x), so each model's recorded USD per "input-equivalent token" is one rate,
 * and a response's recorded cost is that rate times its own weighted tokens: the responses' costs
 * then add up to the recorded total.
 */
export interface UsageWeights {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  /** The part of `cacheWrite` written for one hour. */
  cacheWrite1h?: number;
}

export function weightOf(u: UsageWeights): number {
  const oneHour = Math.min(u.cacheWrite, u.cacheWrite1h ?? 0);
  return u.input + 5 * u.output + 0.1 * u.cacheRead + 1.25 * (u.cacheWrite - oneHour) + 2 * oneHour;
}

/** USD per weighted token, per model, from the last cost-state of a transcript. */
export function recordedRates(state: CostState | undefined): Map<string, number> {
  const rates = new Map<string, number>();
  for (const [model, use] of Object.entries(state?.modelUsage ?? {})) {
    const weight = weightOf({ input: use.inputTokens, output: use.outputTokens, cacheRead: use.cacheReadInputTokens, cacheWrite: use.cacheCreationInputTokens, cacheWrite1h: use.cacheCreationEphemeral1hInputTokens });
    if (weight > 0) rates.set(model, use.costUSD / weight);
  }
  return rates;
}
