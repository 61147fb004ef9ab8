import 'server-only';
import { claudeAssistantSchema, type ClaudeAssistant, type ClaudeLine } from './claude-schema';

/** One assistant API response, possibly written as several streamed lines. */
export interface AssistantGroup {
  /** The first line: its uuid names the message, its position orders it. */
  first: ClaudeLine;
  last: ClaudeLine;
  message: ClaudeAssistant;
}

function keyOf(line: ClaudeLine, message: ClaudeAssistant): string {
  return message.id && line.requestId ? `${message.id}\u0000${line.requestId}` : `uuid:${line.uuid ?? ''}`;
}

/** A reply line's group key read loosely (a cut's checks: claude-cut.ts), without checking its message. */
export function groupKeyOf(line: ClaudeLine): string {
  const id = (line.message as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' && id && line.requestId ? `${id}\u0000${line.requestId}` : `uuid:${line.uuid ?? ''}`;
}

/**
 * Claude Code repeats an assistant response over several lines (one per content block, the same
 * `message.id` + `requestId`). Usage and stop reason come from the last line; content blocks of
 * all lines are kept once each, in order (lines may carry one block each or the whole list so far).
 */
export function groupAssistantLines(lines: readonly ClaudeLine[]): Map<ClaudeLine, AssistantGroup> {
  const byKey = new Map<string, AssistantGroup>();
  const byFirst = new Map<ClaudeLine, AssistantGroup>();
  for (const line of lines) {
    if (line.type !== 'assistant') continue;
    const parsed = claudeAssistantSchema.safeParse(line.message);
    if (!parsed.success) continue;
    const key = keyOf(line, parsed.data);
    const group = byKey.get(key);
    if (!group) {
      const fresh: AssistantGroup = { first: line, last: line, message: { ...parsed.data, content: [...parsed.data.content] } };
      byKey.set(key, fresh);
      byFirst.set(line, fresh);
      continue;
    }
    const seen = new Set(group.message.content.map((b) => JSON.stringify(b)));
    const added = parsed.data.content.filter((b) => !seen.has(JSON.stringify(b)));
    group.message = { ...parsed.data, content: [...group.message.content, ...added] };
    group.last = line;
  }
  return byFirst;
}
