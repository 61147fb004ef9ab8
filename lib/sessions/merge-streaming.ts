import type { Part } from '@/lib/model/part';

/** Text or reasoning as OpenCode's server streamed it (see lib/server/live-opencode). */
export interface StreamingText {
  id: string;
  messageID: string;
  sessionID: string;
  type: 'text' | 'reasoning';
  text: string;
  start?: number;
}

/**
 * Puts streamed text into the parts read from disk: a stored part that is still empty (OpenCode
 * 1.18 writes the text when the reply ends) shows the streamed text, marked `streaming`; a part not
 * stored yet joins its message when the message is. A stored part with text wins: the disk is the record.
 */
export function mergeStreaming(parts: readonly Part[], messageIDs: ReadonlySet<string>, streaming: readonly StreamingText[]): Part[] {
  if (streaming.length === 0) return [...parts];
  const byId = new Map(streaming.map((s) => [s.id, s]));
  const out = parts.map((part): Part => {
    const live = byId.get(part.id);
    if (!live) return part;
    byId.delete(part.id);
    if ((part.type !== 'text' && part.type !== 'reasoning') || part.text !== '' || part.time?.end !== undefined || live.text === '') return part;
    return { ...part, text: live.text, streaming: true };
  });
  for (const live of byId.values()) {
    if (!messageIDs.has(live.messageID) || live.text === '') continue;
    out.push({ id: live.id, messageID: live.messageID, sessionID: live.sessionID, type: live.type, text: live.text, time: live.start === undefined ? undefined : { start: live.start }, streaming: true });
  }
  return out;
}
