import { describe, expect, it } from 'vitest';
import type { Part } from '@/lib/model/part';
import type { MessageInfo } from '@/lib/model/message';
import type { Turn } from './build-turns';
import { pageTurns } from './page-turns';

function turn(id: string, parts: number): Turn {
  const info = { id, sessionID: 's', role: 'user', time: { created: 0 } } as unknown as MessageInfo;
  const list = Array.from({ length: parts }, (_, i) => ({ id: `${id}-${i}`, messageID: id, sessionID: 's', type: 'text', text: '' }) as Part);
  return { id, user: { info, parts: list }, assistant: [], start: 0, end: 0, tokens: { input: 0, output: 0, reasoning: 0, cacheRead: 0, cacheWrite: 0 }, cost: 0 };
}

const turns = [turn('t1', 5), turn('t2', 5), turn('t3', 5), turn('t4', 5), turn('t5', 5)];

describe('pageTurns', () => {
  it('gives the newest turns first, then older pages by cursor, covering every turn once', () => {
    const first = pageTurns(turns, undefined, 10);
    expect(first.turns.map((t) => t.id)).toEqual(['t4', 't5']);
    const second = pageTurns(turns, first.olderCursor, 10);
    expect(second.turns.map((t) => t.id)).toEqual(['t2', 't3']);
    const last = pageTurns(turns, second.olderCursor, 10);
    expect(last.turns.map((t) => t.id)).toEqual(['t1']);
    expect(last.olderCursor).toBeUndefined();
  });

  it('sends a turn bigger than a page whole, and a short session in one page', () => {
    expect(pageTurns([turn('big', 50)], undefined, 10).turns).toHaveLength(1);
    expect(pageTurns(turns).olderCursor).toBeUndefined();
  });

  it('gives nothing for a cursor that no longer exists', () => {
    expect(pageTurns(turns, 'gone', 10).turns).toEqual([]);
  });
});
