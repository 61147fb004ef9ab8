import { describe, expect, it } from 'vitest';
import type { Turn } from '@/lib/sessions/build-turns';
import { emptyTokens } from '@/lib/model/tokens';
import { inheritedTurns } from './inherited-turns';

const text = (id: string, t: string, synthetic = false) => ({ id, messageID: id, sessionID: 's', type: 'text' as const, text: t, ...(synthetic ? { synthetic } : {}) });
const turn = (n: number, start: number): Turn => ({
  id: `t${n}`,
  start,
  end: start + 1,
  tokens: emptyTokens(),
  cost: 0,
  user: { info: { id: `u${n}`, sessionID: 's', role: 'user', time: { created: start }, cost: 0, tokens: emptyTokens() }, parts: [text(`pu${n}`, `question ${n}`)] },
  assistant: [{ info: { id: `a${n}`, sessionID: 's', role: 'assistant', time: { created: start }, cost: 0, tokens: emptyTokens() }, parts: [text(`pa${n}`, `answer  ${n}\nmore`), text(`ps${n}`, 'reminder', true)] }],
});

describe('inheritedTurns', () => {
  it("keeps the original's turns begun before the fork, oldest first, as prompt and answer on one line", () => {
    expect(inheritedTurns([turn(3, 300), turn(1, 100), turn(2, 200)], 250)).toEqual([
      { messageID: 'u1', prompt: 'question 1', reply: 'answer 1 more' },
      { messageID: 'u2', prompt: 'question 2', reply: 'answer 2 more' },
    ]);
    expect(inheritedTurns([turn(1, 100)], 50)).toEqual([]);
  });
});
