import { modelName } from '@/lib/format/format-path';
import { formatCompact, formatCount, formatPercent } from '@/lib/format/format-tokens';
import type { SessionContextUse } from '@/lib/sessions/session-figures';

export interface ContextView {
  /** "45%", "unknown" (no known limit: never 0%) or "—" (no request yet). */
  text: string;
  /** 0..1 for a gauge, when the limit is known. */
  ratio?: number;
  /** `high` from 80%: the agent will soon compact or fail. */
  level: 'none' | 'unknown' | 'ok' | 'high';
  /** A short line under the figure: "30k of 200k tokens · claude-sonnet-4-5". */
  detail: string;
  /** The hover: the same, as a sentence with exact numbers. */
  title: string;
}

const HIGH = 0.8;

/** How full the context window was at a session's latest request. */
export function describeContext(use: SessionContextUse | undefined): ContextView {
  if (!use) return { text: '—', level: 'none', detail: 'no model request yet', title: 'No model request yet.' };
  const model = use.model ? modelName(use.model) : 'the model';
  if (use.limit === undefined || use.ratio === undefined) {
    return {
      text: 'unknown',
      level: 'unknown',
      detail: `${formatCompact(use.used)} tokens · no known limit for ${model}`,
      title: `Latest request: ${formatCount(use.used)} prompt tokens; the context window of ${model} is unknown.`,
    };
  }
  return {
    text: formatPercent(use.ratio),
    ratio: Math.min(1, use.ratio),
    level: use.ratio >= HIGH ? 'high' : 'ok',
    detail: `${formatCompact(use.used)} of ${formatCompact(use.limit)} tokens · ${model}`,
    title: `Latest request: ${formatCount(use.used)} of ${formatCount(use.limit)} prompt tokens of the ${model} context window.`,
  };
}
