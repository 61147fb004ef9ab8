import type { MessageInfo } from '@/lib/model/message';
import type { Part } from '@/lib/model/part';
import { cleanForIndex } from '@/lib/search/marked-text';
import { messageFacts, partFields } from '@/lib/search/session-documents';

/** What `--publish-text` publishes of a message: the kinds of text this machine's search indexes, less file names and raw records. */
export const PUBLISHED_TEXT_KINDS = ['prompt', 'reply', 'reasoning', 'tool-input', 'tool-output', 'error'] as const;
export type PublishedTextKind = (typeof PUBLISHED_TEXT_KINDS)[number];

/**
 * At most this many characters of one part's text of each kind are published; a longer one is cut
 * to its start and marked `cut`. Prose (what people search for and read) keeps 32,000 characters,
 * far beyond nearly every prompt and reply; a tool's output, where a single `cat` or test run can
 * be megabytes, its first 16,000 (the command's head says what it was); a tool's input and an error
 * 8,000. A session of a thousand tool calls so publishes at most ~25 MB, and no row comes near
 * PostgreSQL's 1 MB limit on a row's word index.
 */
export const PUBLISHED_TEXT_CAPS: Record<PublishedTextKind, number> = { prompt: 32_000, reply: 32_000, reasoning: 32_000, 'tool-input': 8_000, 'tool-output': 16_000, error: 8_000 };

/** One row of the team database's `part_text` (without its source). */
export interface PublishedText {
  session_id: string;
  message_id: string;
  /** '' for the message's own error. */
  part_id: string;
  kind: PublishedTextKind;
  time: number;
  text: string;
  cut: 0 | 1;
}

const isPublished = (kind: string): kind is PublishedTextKind => (PUBLISHED_TEXT_KINDS as readonly string[]).includes(kind);

/** The text cut to `max` characters (never half of a surrogate pair); control characters made spaces (PostgreSQL refuses NUL in text). */
export function capText(text: string, max: number): { text: string; cut: 0 | 1 } {
  const clean = cleanForIndex(text).trim();
  if (clean.length <= max) return { text: clean, cut: 0 };
  const end = /[\uD800-\uDBFF]/.test(clean.charAt(max - 1)) ? max - 1 : max;
  return { text: clean.slice(0, end), cut: 1 };
}

/**
 * The published text of some messages and their parts, taken apart as this machine's search takes
 * them (`partFields`, `messageFacts`): each part's prompt, reply, reasoning, tool input and output,
 * and each message's error. Parts of messages not given are left out.
 */
export function publishedTexts(messages: readonly MessageInfo[], parts: readonly Part[]): PublishedText[] {
  const byId = new Map(messages.map((m) => [m.id, m]));
  const out: PublishedText[] = [];
  const add = (row: Omit<PublishedText, 'text' | 'cut'>, text: string) => {
    const capped = capText(text, PUBLISHED_TEXT_CAPS[row.kind]);
    if (capped.text) out.push({ ...row, ...capped });
  };
  for (const part of parts) {
    const message = byId.get(part.messageID);
    if (!message || message.sessionID !== part.sessionID) continue;
    for (const field of partFields(part, message.role)) {
      if (isPublished(field.kind)) add({ session_id: part.sessionID, message_id: part.messageID, part_id: part.id, kind: field.kind, time: part.time?.start ?? message.time.created }, field.text);
    }
  }
  for (const message of messages) {
    const error = messageFacts(message).error;
    if (error) add({ session_id: message.sessionID, message_id: message.id, part_id: '', kind: 'error', time: message.time.created }, error);
  }
  return out;
}
