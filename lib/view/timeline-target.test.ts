import { describe, expect, it } from 'vitest';
import type { MessageInfo } from '@/lib/model/message';
import type { Part } from '@/lib/model/part';
import type { Turn } from '@/lib/sessions/build-turns';
import { emptyTokens } from '@/lib/model/tokens';
import { timelineRows } from './timeline-rows';
import { targetRowIndex, turnsHold } from './timeline-target';

const info = (id: string, role: MessageInfo['role']): MessageInfo => ({ id, sessionID: 's', role, time: { created: 1 }, cost: 0, tokens: emptyTokens() });
const text = (id: string, messageID: string): Part => ({ id, messageID, sessionID: 's', type: 'text', text: id });
const step = (id: string, messageID: string): Part => ({ id, messageID, sessionID: 's', type: 'step-start' });
const turns: Turn[] = [
  { id: 'u1', user: { info: info('u1', 'user'), parts: [text('p1', 'u1')] }, assistant: [{ info: info('a1', 'assistant'), parts: [step('p2', 'a1'), text('p3', 'a1')] }], start: 1, end: 2, tokens: emptyTokens(), cost: 0 },
];

describe('timeline target', () => {
  it('knows whether the loaded turns hold a part or message', () => {
    expect(turnsHold(turns, { part: 'p3' })).toBe(true);
    expect(turnsHold(turns, { message: 'a1' })).toBe(true);
    expect(turnsHold(turns, { part: 'p9' })).toBe(false);
  });

  it('finds the row showing a part: its own row, or the prompt that holds it; a hidden part falls back to its message', () => {
    const rows = timelineRows(turns);
    expect(targetRowIndex(rows, { part: 'p3' })).toBe(rows.findIndex((r) => r.key === 'p:p3'));
    expect(targetRowIndex(rows, { part: 'p1' })).toBe(0);
    expect(targetRowIndex(rows, { part: 'p2', message: 'a1' })).toBe(rows.findIndex((r) => r.key === 'a:a1'));
    expect(targetRowIndex(rows, { part: 'p9' })).toBe(-1);
  });
});
