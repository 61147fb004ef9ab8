import 'server-only';
import { timeOf } from '../pi/jsonl';
import type { JsonlRecord } from '../pi/jsonl';
import { headerSchema, messageSchema, rewindSchema, setSchema, type GeminiMessage } from './gemini-schema';

export interface RecordIssue {
  line: number;
  reason: string;
}

/** One message as the file holds it after every version of it was read. */
export interface FoldedMessage {
  message: GeminiMessage;
  /** When it was first written (a resume rewrites old messages with the resume's time). */
  time?: number;
}

export interface FoldedChat {
  sessionID?: string;
  kind?: string;
  /** The first header's start (every resume appends a header with its own). */
  started?: number;
  lastUpdated?: number;
  summary?: string;
  /** In order of first appearance. */
  messages: FoldedMessage[];
  issues: RecordIssue[];
}

/**
 * A message is re-appended whole each time it changes, and a resume rewrites the whole list
 * (`$set.messages`) without the tokens, model and thoughts: the later version wins, except that
 * what a rewrite left out is kept from the version that had it, and the first time stays. A
 * message a `$set` list leaves out or a `$rewindTo` drops is kept: its tokens were spent, and the
 * spend is what the raw lines say (the CLI's own view of a resumed session has lost them).
 */
function merge(prev: GeminiMessage, next: GeminiMessage): GeminiMessage {
  // A rewrite leaves `tokens` and `model` out (the spread keeps them); an empty list replaces nothing.
  return {
    ...prev,
    ...next,
    ...(next.thoughts?.length ? {} : prev.thoughts?.length ? { thoughts: prev.thoughts } : {}),
    ...(next.toolCalls?.length ? {} : prev.toolCalls?.length ? { toolCalls: prev.toolCalls } : {}),
  };
}

export function foldChat(records: readonly JsonlRecord[]): FoldedChat {
  const chat: FoldedChat = { messages: [], issues: [] };
  const byID = new Map<string, FoldedMessage>();
  const take = (raw: unknown, line: number): void => {
    const parsed = messageSchema.safeParse(raw);
    if (!parsed.success) {
      chat.issues.push({ line, reason: 'a message without an id or type' });
      return;
    }
    const seen = byID.get(parsed.data.id);
    if (seen) {
      seen.message = merge(seen.message, parsed.data);
      return;
    }
    const folded: FoldedMessage = { message: parsed.data, time: timeOf(parsed.data.timestamp) };
    byID.set(parsed.data.id, folded);
    chat.messages.push(folded);
  };
  for (const { value, line } of records) {
    const o = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
    if (!o) {
      chat.issues.push({ line, reason: 'not an object' });
      continue;
    }
    if ('$set' in o) {
      const set = setSchema.safeParse(o);
      if (!set.success) chat.issues.push({ line, reason: 'a $set that is not an object' });
      else {
        for (const m of set.data.$set.messages ?? []) take(m, line);
        if (set.data.$set.summary) chat.summary = set.data.$set.summary;
        chat.lastUpdated = Math.max(chat.lastUpdated ?? 0, timeOf(set.data.$set.lastUpdated) ?? 0) || chat.lastUpdated;
      }
      continue;
    }
    if ('$rewindTo' in o) {
      if (!rewindSchema.safeParse(o).success) chat.issues.push({ line, reason: 'a $rewindTo without a message id' });
      continue;
    }
    if ('id' in o || 'type' in o) {
      take(o, line);
      continue;
    }
    const header = headerSchema.safeParse(o);
    if (!header.success) {
      chat.issues.push({ line, reason: 'neither a header, a message, $set nor $rewindTo' });
      continue;
    }
    chat.sessionID ??= header.data.sessionId;
    chat.kind ??= header.data.kind;
    const started = timeOf(header.data.startTime);
    if (started !== undefined && chat.started === undefined) chat.started = started;
  }
  return chat;
}
