import { describe, expect, it } from 'vitest';
import { emptyTokens } from '@/lib/model/tokens';
import type { MessageInfo } from '@/lib/model/message';
import type { Part } from '@/lib/model/part';
import type { Turn } from '@/lib/sessions/build-turns';
import { rowIndexOfMessage, timelineRows } from './timeline-rows';

const info = (id: string, role: 'user' | 'assistant', extra: Partial<MessageInfo> = {}): MessageInfo => ({ id, sessionID: 's', role, time: { created: 1 }, cost: 0, tokens: emptyTokens(), ...extra });
const base = (id: string, messageID: string) => ({ id, messageID, sessionID: 's' });

const turns: Turn[] = [
  {
    id: 'u1',
    user: { info: info('u1', 'user'), parts: [{ ...base('p1', 'u1'), type: 'text', text: 'hi' }] },
    assistant: [
      {
        info: info('a1', 'assistant'),
        parts: [
          { ...base('p2', 'a1'), type: 'step-start' },
          { ...base('p3', 'a1'), type: 'text', text: 'hello' },
          { ...base('p4', 'a1'), type: 'snapshot', snapshot: 'x' },
          { ...base('p5', 'a1'), type: 'step-finish', reason: 'stop', cost: 0.1, tokens: emptyTokens() },
        ] as Part[],
      },
      { info: info('a2', 'assistant', { error: { name: 'APIError', message: 'boom' } }), parts: [{ ...base('p6', 'a2'), type: 'step-finish', reason: 'stop', cost: 0, tokens: emptyTokens() }] },
    ],
    start: 1,
    end: 2,
    tokens: emptyTokens(),
    cost: 0,
  },
  { id: 'a3', assistant: [{ info: info('a3', 'assistant'), parts: [{ ...base('p7', 'a3'), type: 'unknown', originalType: 'widget', raw: {} }] }], start: 3, end: 3, tokens: emptyTokens(), cost: 0 },
];

describe('timelineRows', () => {
  it('flattens turns, hides bookkeeping parts, numbers steps and adds error rows', () => {
    const rows = timelineRows(turns);
    expect(rows.map((r) => r.key)).toEqual(['u:u1', 'a:a1', 'p:p3', 'p:p5', 'a:a2', 'p:p6', 'e:a2', 'a:a3', 'p:p7']);
    const steps = rows.filter((r) => r.kind === 'part' && r.step !== undefined).map((r) => (r.kind === 'part' ? r.step : 0));
    expect(steps).toEqual([1, 2]);
    expect(rows.at(-1)?.turn).toBe(1);
  });
  it('finds a message row', () => {
    const rows = timelineRows(turns);
    expect(rowIndexOfMessage(rows, 'a2')).toBe(4);
    expect(rowIndexOfMessage(rows, 'nope')).toBe(-1);
  });
  it('handles no turns', () => {
    expect(timelineRows([])).toEqual([]);
  });
});
