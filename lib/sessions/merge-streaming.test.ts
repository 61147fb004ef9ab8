import { describe, expect, it } from 'vitest';
import type { Part } from '@/lib/model/part';
import { mergeStreaming, type StreamingText } from './merge-streaming';

const stored = (id: string, text: string, end?: number): Part => ({ id, messageID: 'm1', sessionID: 's', type: 'text', text, time: { start: 1, end } });
const live = (id: string, text: string, messageID = 'm1'): StreamingText => ({ id, messageID, sessionID: 's', type: 'text', text });

describe('mergeStreaming', () => {
  it('fills a stored part that is still empty with the streamed text, marked streaming', () => {
    expect(mergeStreaming([stored('p1', '')], new Set(['m1']), [live('p1', 'Hello wor')])).toEqual([{ ...stored('p1', ''), text: 'Hello wor', streaming: true }]);
  });

  it('keeps the stored text once it landed: the disk is the record', () => {
    expect(mergeStreaming([stored('p1', 'Hello world.', 5)], new Set(['m1']), [live('p1', 'Hello wor')])).toEqual([stored('p1', 'Hello world.', 5)]);
  });

  it('adds a streamed part not stored yet to its message, only when the message is on the page', () => {
    const merged = mergeStreaming([stored('p1', 'a', 2)], new Set(['m1']), [live('p2', 'more'), live('p3', 'elsewhere', 'm9')]);
    expect(merged.map((p) => p.id)).toEqual(['p1', 'p2']);
    expect(merged[1]).toMatchObject({ type: 'text', text: 'more', streaming: true });
  });
});
