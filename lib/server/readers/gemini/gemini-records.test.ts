import { describe, expect, it } from 'vitest';
import { parseJsonl } from '../pi/jsonl';
import { foldChat } from './gemini-records';
import { mapGeminiChat } from './gemini-session';

const lines = (...records: unknown[]) => parseJsonl(records.map((r) => JSON.stringify(r)).join('\n') + '\n').records;
const header = { sessionId: 's1', startTime: '2026-11-26T10:00:00.000Z', kind: 'main' };
const prompt = (id: string, text: string, at = '2026-11-26T10:00:01.000Z') => ({ id, timestamp: at, type: 'user', content: [{ text }] });
const answer = (id: string, input: number, extra: Record<string, unknown> = {}) => ({ id, timestamp: '2026-11-26T10:00:02.000Z', type: 'gemini', content: 'ok', tokens: { input, output: 10, cached: 100, thoughts: 5, tool: 0 }, model: 'gemini-2.5-pro', ...extra });

describe('a Gemini CLI chat file folded', () => {
  it('a message re-appended with tool calls is one message, the last version, with its tokens once', () => {
    const chat = foldChat(lines(header, prompt('u1', 'hi'), answer('g1', 1000), answer('g1', 1000, { toolCalls: [{ id: 'c1', name: 'read_file', args: {}, status: 'success', result: [] }] })));
    expect(chat.messages.map((m) => m.message.id)).toEqual(['u1', 'g1']);
    expect(chat.messages[1]?.message.toolCalls).toHaveLength(1);
    const mapped = mapGeminiChat(chat, { path: '/x/session-a.jsonl', directory: '/work/a' })!;
    expect(mapped.messages.filter((m) => m.role === 'assistant').map((m) => m.tokens)).toEqual([{ input: 900, cacheRead: 100, output: 10, reasoning: 5, cacheWrite: 0 }]);
  });

  it('a $rewindTo or a $set list leaving messages out keeps them: their tokens were spent', () => {
    const chat = foldChat(lines(header, prompt('u1', 'first'), answer('g1', 1000), { $rewindTo: 'u1' }, { $set: { messages: [] } }, prompt('u2', 'again'), answer('g2', 2000)));
    const mapped = mapGeminiChat(chat, { path: '/x/session-a.jsonl', directory: '/work/a' })!;
    expect(mapped.messages.map((m) => m.id)).toEqual(['s1:u1', 's1:g1', 's1:u2', 's1:g2']);
    expect(mapped.messages.reduce((a, m) => a + m.tokens.input, 0)).toBe(900 + 1900);
  });

  it('a resume rewrites old messages without tokens and with its own time: the first time and the tokens stay', () => {
    const rewritten = { id: 'g1', timestamp: '2026-11-26T11:00:00.000Z', type: 'gemini', content: [{ text: 'ok' }] };
    const chat = foldChat(lines(header, prompt('u1', 'first'), answer('g1', 1000), { ...header, startTime: '2026-11-26T11:00:00.000Z' }, { $set: { messages: [prompt('u1', 'first', '2026-11-26T11:00:00.000Z'), rewritten] } }));
    const mapped = mapGeminiChat(chat, { path: '/x/session-a.jsonl', directory: '/work/a' })!;
    expect(mapped.session.time.created).toBe(Date.parse('2026-11-26T10:00:00.000Z'));
    expect(mapped.messages[1]).toMatchObject({ modelID: 'gemini-2.5-pro', tokens: { input: 900 }, time: { created: Date.parse('2026-11-26T10:00:02.000Z') } });
  });

  it('lines that are none of the record kinds are issues, never fatal; no header yet is not a session', () => {
    const chat = foldChat(lines([1, 2], { foo: 1 }, { id: 5 }, { $rewindTo: 7 }));
    expect(chat.issues.map((i) => i.line)).toEqual([1, 2, 3, 4]);
    expect(mapGeminiChat(chat, { path: '/x/session-a.jsonl', directory: '/work/a' })).toBeUndefined();
  });
});
