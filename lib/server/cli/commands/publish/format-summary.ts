import type { PublishSummary } from '@/lib/server/db/publish/publisher';

const n = (value: number) => value.toLocaleString('en-US');

/** The line a publish ends with: who, where, what was written, what was already there, and whether text went. */
export function formatSummary(summary: PublishSummary, context: { machine: string; person: string; where: string; ms: number; publishText: boolean }): string {
  const retried = summary.retries > 0 ? `, ${n(summary.retries)} retries` : '';
  const statuses = summary.statuses > 0 ? `, ${n(summary.statuses)} statuses updated` : '';
  const texts = context.publishText ? `, ${n(summary.texts)} texts` : '';
  const text = context.publishText
    ? ' With the text of prompts, replies, reasoning and tool calls (--publish-text).'
    : ` Figures and metadata only, no text${summary.textsRemoved > 0 ? ` (${n(summary.textsRemoved)} texts published before were removed)` : ''}.`;
  return (
    `Published ${context.machine} (${context.person}) to ${context.where} in ${(context.ms / 1000).toFixed(1)} s: ` +
    `${n(summary.written)} sessions written (${n(summary.messages)} messages${texts}), ${n(summary.removed)} removed, ${n(summary.unchanged)} unchanged, from ${n(summary.sources)} sources${statuses}${retried}.${text}`
  );
}
