import { plural } from '@/lib/format/plural';

/**
 * What the team view says of the text of prompts, replies, reasoning and tool calls: published by
 * which machines (`--publish-text`), or kept on each machine. `publishedBy` undefined: not known
 * (the team database did not answer).
 */
export function textNotice(publishedBy: readonly string[] | undefined): string {
  if (publishedBy === undefined) return 'The text of prompts, replies, reasoning and tool calls leaves a machine only where it publishes with --publish-text.';
  if (publishedBy.length === 0) return 'The text of prompts, replies, reasoning and tool calls stays on each machine: no machine publishes it (--publish-text), so a transcript is read on its own machine.';
  return `Text is published by ${plural(publishedBy.length, 'machine')} (${publishedBy.join(', ')}, with --publish-text): their prompts, replies, reasoning and tool calls are in the team database, each cut to its first 32,000 characters (a tool's output 16,000); the others' text stays on each machine.`;
}
