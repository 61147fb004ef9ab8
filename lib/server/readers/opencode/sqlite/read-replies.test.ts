import { describe, expect, it } from 'vitest';
import type { MessageInfo } from '@/lib/model/message';
import { tailMessageIds } from '@/lib/model/tail-messages';
import { FirstOutputs } from '../first-output';
import { ReadReplies } from './read-replies';

/** A small deterministic generator: the same draws on every run. */
function draws(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function message(id: string, sessionID: string, role: 'user' | 'assistant', created: number, ttft?: number): MessageInfo {
  return { id, sessionID, role, time: { created }, cost: 0, tokens: { input: 0, output: 0, reasoning: 0, cacheRead: 0, cacheWrite: 0 }, ...(ttft === undefined ? {} : { ttft }) };
}

/** Messages of a few sessions with many equal creation times (ties), in the chunks a read takes them in. */
function history(random: () => number): MessageInfo[][] {
  const chunks: MessageInfo[][] = [];
  for (let c = 0; c < 6; c++) {
    const chunk: MessageInfo[] = [];
    for (let i = 0; i < 40; i++) {
      const n = c * 40 + i;
      const ttft = random() < 0.1 ? Math.floor(random() * 50) : undefined;
      chunk.push(message(`m${n}`, `s${Math.floor(random() * 7)}`, random() < 0.3 ? 'user' : 'assistant', 1_000 + Math.floor(random() * 20) * 10, ttft));
    }
    chunks.push(chunk);
  }
  return chunks;
}

describe('ReadReplies keeps what the parts read needs of the messages, not the messages', () => {
  it('picks the tail and times the replies as tailMessageIds and FirstOutputs do over every message', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const random = draws(seed);
      const chunks = history(random);
      const replies = new ReadReplies();
      for (const chunk of chunks) replies.note(chunk);
      const all = chunks.flat();
      expect([...replies.tailIds()].sort(), `seed ${seed}`).toEqual([...tailMessageIds(all)].sort());

      const outputs = new FirstOutputs();
      for (let p = 0; p < 300; p++) {
        const id = `m${Math.floor(random() * 260)}`;
        const type = ['text', 'reasoning', 'tool', 'step-start', 'patch'][Math.floor(random() * 5)];
        const times = [1_000 + Math.floor(random() * 300) - 20, random() < 0.2 ? null : 1_050 + Math.floor(random() * 100), random() < 0.1 ? -5 : 0];
        outputs.note(id, type, ...times);
        replies.noteOutput(id, type, ...times);
      }
      const expected = new Map(outputs.withTtft(all).map((m) => [m.id, m.ttft]));
      const got = new Map(all.map((m) => [m.id, replies.changedTtft(m.id)] as const).filter(([, ttft]) => ttft !== undefined));
      expect(got, `seed ${seed}`).toEqual(expected);
      expect(expected.size, `seed ${seed}: some replies are timed`).toBeGreaterThan(0);
    }
  });

  it('forgets what it held when a read starts again', () => {
    const replies = new ReadReplies();
    replies.note([message('a', 's', 'assistant', 100), message('b', 's', 'assistant', 200)]);
    replies.noteOutput('a', 'text', 150);
    replies.clear();
    replies.note([message('b', 's', 'assistant', 200)]);
    expect(replies.changedTtft('a')).toBeUndefined();
    expect([...replies.tailIds()]).toEqual(['b']);
    expect(replies.replies).toBe(1);
  });
});
