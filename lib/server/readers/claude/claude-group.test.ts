import { describe, expect, it } from 'vitest';
import { groupAssistantLines } from './claude-group';
import type { ClaudeLine } from './claude-schema';

const line = (uuid: string, id: string, requestId: string | undefined, content: unknown[], output: number): ClaudeLine => ({
  type: 'assistant',
  uuid,
  ...(requestId ? { requestId } : {}),
  message: { id, role: 'assistant', content, usage: { input_tokens: 1, output_tokens: output } },
});

describe('groupAssistantLines', () => {
  it('merges streamed lines by message.id + requestId; the last line wins for usage', () => {
    const a = line('a', 'msg_1', 'req_1', [{ type: 'thinking', thinking: 't' }], 5);
    const b = line('b', 'msg_1', 'req_1', [{ type: 'text', text: 'x' }], 9);
    const c = line('c', 'msg_1', 'req_1', [{ type: 'text', text: 'x' }, { type: 'tool_use', id: 'tu', name: 'Read', input: {} }], 40);
    const groups = groupAssistantLines([a, b, c]);
    expect([...groups.keys()]).toEqual([a]);
    const g = groups.get(a);
    expect(g?.last).toBe(c);
    expect(g?.message.usage?.output_tokens).toBe(40);
    expect(g?.message.content.map((bl) => (bl as { type: string }).type)).toEqual(['thinking', 'text', 'tool_use']);
  });

  it('keeps lines apart when the request differs or ids are missing', () => {
    const lines = [line('a', 'msg_1', 'req_1', [], 1), line('b', 'msg_1', 'req_2', [], 1), line('c', 'msg_1', undefined, [], 1), line('d', 'msg_1', undefined, [], 1)];
    expect(groupAssistantLines(lines).size).toBe(4);
  });
});
