import { describe, expect, it } from 'vitest';
import { emptyTokens } from '@/lib/model/tokens';
import type { MessageInfo } from '@/lib/model/message';
import type { Part } from '@/lib/model/part';
import type { Turn } from '@/lib/sessions/build-turns';
import { filterTimelineRows, toolNames, turnMarks } from './timeline-filter';
import { timelineRows } from './timeline-rows';

const info = (id: string, role: 'user' | 'assistant', extra: Partial<MessageInfo> = {}): MessageInfo => ({ id, sessionID: 's', role, time: { created: 1 }, cost: 0, tokens: emptyTokens(), ...extra });
const base = (id: string, messageID: string) => ({ id, messageID, sessionID: 's' });
const tool = (id: string, messageID: string, name: string, status: 'completed' | 'error' = 'completed'): Part => ({ ...base(id, messageID), type: 'tool', callID: id, tool: name, status, input: {} });
const turn = (n: number, prompt: string, parts: Part[], error = false): Turn => ({
  id: `u${n}`,
  user: { info: info(`u${n}`, 'user'), parts: [{ ...base(`t${n}`, `u${n}`), type: 'text', text: prompt }] },
  assistant: [{ info: info(`a${n}`, 'assistant', error ? { error: { name: 'APIError', message: 'boom' } } : {}), parts }],
  start: n,
  end: n,
  tokens: emptyTokens(),
  cost: 0,
});

const turns = [
  turn(1, 'read the files', [tool('r1', 'a1', 'read'), tool('r2', 'a1', 'read'), { ...base('x1', 'a1'), type: 'text', text: 'done' }]),
  turn(2, 'think\nhard', [{ ...base('z1', 'a2'), type: 'reasoning', text: 'hmm' }, tool('b1', 'a2', 'bash', 'error')]),
  turn(3, 'x'.repeat(200), [{ ...base('y1', 'a3'), type: 'text', text: 'no' }], true),
];
const rows = timelineRows(turns);
const keys = (r: { key: string }[]) => r.map((x) => x.key);

describe('filterTimelineRows', () => {
  it('keeps every row when showing all', () => {
    expect(keys(filterTimelineRows(rows, { kind: 'all' }))).toEqual(keys(rows));
  });
  it('keeps tool calls under their prompts, optionally of one tool', () => {
    expect(keys(filterTimelineRows(rows, { kind: 'tools' }))).toEqual(['u:u1', 'p:r1', 'p:r2', 'u:u2', 'p:b1']);
    expect(keys(filterTimelineRows(rows, { kind: 'tools', tool: 'bash' }))).toEqual(['u:u2', 'p:b1']);
  });
  it('keeps failed tool calls and message errors for errors, reasoning for reasoning', () => {
    expect(keys(filterTimelineRows(rows, { kind: 'errors' }))).toEqual(['u:u2', 'p:b1', 'u:u3', 'e:a3']);
    expect(keys(filterTimelineRows(rows, { kind: 'reasoning' }))).toEqual(['u:u2', 'p:z1']);
  });
});

describe('toolNames / turnMarks', () => {
  it('counts tools, most used first', () => {
    expect(toolNames(rows)).toEqual([
      { tool: 'read', count: 2 },
      { tool: 'bash', count: 1 },
    ]);
  });
  it('labels each turn by its prompt and counts tools and errors', () => {
    const marks = turnMarks(turns);
    expect(marks.map((m) => [m.tools, m.errors])).toEqual([
      [2, 0],
      [1, 1],
      [0, 1],
    ]);
    expect(marks[1]?.label).toBe('think hard');
    expect(marks[2]?.label).toHaveLength(60);
    expect(marks[2]?.label.endsWith('…')).toBe(true);
  });
});
