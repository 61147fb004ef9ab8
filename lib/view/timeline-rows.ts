import type { MessageError, MessageInfo } from '@/lib/model/message';
import type { Part } from '@/lib/model/part';
import type { Turn } from '@/lib/sessions/build-turns';

export type TimelineRow =
  | { kind: 'user'; key: string; turn: number; info: MessageInfo; parts: Part[] }
  | { kind: 'assistant'; key: string; turn: number; info: MessageInfo }
  | { kind: 'part'; key: string; turn: number; info: MessageInfo; part: Part; step?: number }
  | { kind: 'message-error'; key: string; turn: number; info: MessageInfo; error: MessageError };

/** Bookkeeping parts with nothing to read: step starts and snapshots. */
const HIDDEN = new Set<Part['type']>(['step-start', 'snapshot']);

/**
 * Turns flattened into one row per thing to draw, so a virtual list can show thousands of parts:
 * a user prompt (with its attachments), then per assistant message a header, its parts and its error.
 */
export function timelineRows(turns: readonly Turn[]): TimelineRow[] {
  const rows: TimelineRow[] = [];
  let step = 0;
  turns.forEach((turn, index) => {
    if (turn.user) rows.push({ kind: 'user', key: `u:${turn.user.info.id}`, turn: index, info: turn.user.info, parts: turn.user.parts.filter((p) => !HIDDEN.has(p.type)) });
    for (const message of turn.assistant) {
      rows.push({ kind: 'assistant', key: `a:${message.info.id}`, turn: index, info: message.info });
      for (const part of message.parts) {
        if (HIDDEN.has(part.type)) continue;
        const row: TimelineRow = { kind: 'part', key: `p:${part.id}`, turn: index, info: message.info, part };
        if (part.type === 'step-finish') row.step = ++step;
        rows.push(row);
      }
      if (message.info.error) rows.push({ kind: 'message-error', key: `e:${message.info.id}`, turn: index, info: message.info, error: message.info.error });
    }
  });
  return rows;
}

/** Index of the first row of the turn that holds `messageID` (for "jump to"). */
export function rowIndexOfMessage(rows: readonly TimelineRow[], messageID: string): number {
  return rows.findIndex((r) => r.info.id === messageID);
}
