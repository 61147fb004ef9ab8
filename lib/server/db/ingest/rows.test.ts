import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MessageInfo } from '@/lib/model/message';
import { messageOfRow, messageRow } from './rows';

const name = fc.constantFrom('build', 'plan', 'explore', 'general');
const count = fc.nat({ max: 1_000_000 });
const message: fc.Arbitrary<MessageInfo> = fc
  .record(
    {
      id: fc.string({ minLength: 1 }),
      sessionID: fc.string({ minLength: 1 }),
      role: fc.constantFrom('user' as const, 'assistant' as const),
      created: fc.nat({ max: 2_000_000_000_000 }),
      completed: fc.nat({ max: 2_000_000_000_000 }),
      parentID: fc.string(),
      agent: name,
      mode: name,
      providerID: fc.string(),
      modelID: fc.string(),
      cost: fc.double({ min: 0, max: 1000, noNaN: true, noDefaultInfinity: true }).map((c) => c + 0),
      costUnrecorded: fc.constant(true as const),
      tokens: fc.record({ input: count, output: count, reasoning: count, cacheRead: count, cacheWrite: count }),
      finish: fc.constantFrom('stop', 'tool-calls', 'length'),
      error: fc.record({ name: fc.string(), message: fc.string() }),
      summary: fc.boolean(),
      sideCall: fc.string(),
      contextLimit: fc.nat(),
      ttft: fc.nat({ max: 600_000 }),
    },
    { requiredKeys: ['id', 'sessionID', 'role', 'created', 'cost', 'tokens'] },
  )
  .map(({ created, completed, ...rest }) => ({ ...rest, time: completed === undefined ? { created } : { created, completed } }) as MessageInfo);

describe('a message row', () => {
  it('reads back as the message the reader gave, every field present or absent as it was (property)', () => {
    fc.assert(
      fc.property(message, (m) => {
        const { source_id: _source, ...row } = messageRow(7, m);
        const back = messageOfRow(row);
        expect(back).toEqual(m);
        // Absent stays absent (toEqual alone would take a key holding undefined for a missing one).
        expect(Object.keys(back).sort()).toEqual(Object.keys(m).sort());
      }),
      { numRuns: 2_000 },
    );
  });

  it('keeps the usual reply short: the agent and an equal mode are not written twice', () => {
    const reply: MessageInfo = { id: 'm2', sessionID: 's', role: 'assistant', time: { created: 1 }, parentID: 'm1', agent: 'build', mode: 'build', finish: 'stop', cost: 0, tokens: { input: 1, output: 1, reasoning: 0, cacheRead: 0, cacheWrite: 0 } };
    expect(messageRow(1, reply)).toMatchObject({ agent: 'build', info: '{"p":"m1","m":1,"f":"stop"}' });
  });
});
