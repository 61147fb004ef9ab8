import { describe, expect, it } from 'vitest';
import type { MessageInfo } from '@/lib/model/message';
import type { Part } from '@/lib/model/part';
import { capText, PUBLISHED_TEXT_CAPS, publishedTexts } from './published-text';

const none = { cost: 0, tokens: { input: 0, output: 0, reasoning: 0, cacheRead: 0, cacheWrite: 0 } };
const prompt: MessageInfo = { ...none, id: 'm1', sessionID: 's', role: 'user', time: { created: 1_000 } };
const reply: MessageInfo = { ...none, id: 'm2', sessionID: 's', role: 'assistant', time: { created: 2_000 }, error: { name: 'APIError', message: 'overloaded' } };

describe('publishedTexts', () => {
  it('takes a prompt, a reply, a tool call and an error apart by kind, cutting a huge tool output to its start', () => {
    const huge = `${'x'.repeat(PUBLISHED_TEXT_CAPS['tool-output'])}THE END`;
    const parts: Part[] = [
      { id: 'p1', messageID: 'm1', sessionID: 's', type: 'text', text: 'Fix the flaky test' },
      { id: 'p2', messageID: 'm2', sessionID: 's', type: 'text', text: 'Done.\u0000' },
      { id: 'p3', messageID: 'm2', sessionID: 's', type: 'tool', callID: 'c', tool: 'bash', status: 'completed', input: { command: 'npm test' }, output: huge, time: { start: 2_500 } },
      { id: 'p4', messageID: 'gone', sessionID: 's', type: 'text', text: 'of a message not given' },
    ];
    const rows = publishedTexts([prompt, reply], parts);
    expect(rows.map((r) => [r.part_id, r.kind, r.time, r.cut])).toEqual([
      ['p1', 'prompt', 1_000, 0],
      ['p2', 'reply', 2_000, 0],
      ['p3', 'tool-input', 2_500, 0],
      ['p3', 'tool-output', 2_500, 1],
      ['', 'error', 2_000, 0],
    ]);
    expect(rows[1]!.text).toBe('Done.');
    expect(rows[2]!.text).toBe('bash\ncommand: npm test');
    expect(rows[3]!.text).toHaveLength(PUBLISHED_TEXT_CAPS['tool-output']);
    expect(rows[3]!.text).not.toContain('THE END');
    expect(rows[4]!.text).toBe('APIError: overloaded');
  });

  it('never cuts a character in half', () => {
    expect(capText(`ab😀`, 3)).toEqual({ text: 'ab', cut: 1 });
    expect(capText(`ab😀`, 4)).toEqual({ text: 'ab😀', cut: 0 });
  });
});
