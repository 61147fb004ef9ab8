import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { partMetaOf } from '@/lib/model/part-meta';
import { fastPartMeta } from './fast-part-meta';
import { reshapePart } from './reshape-part';

const anything = fc.oneof(fc.constant(undefined), fc.constant(null), fc.string({ maxLength: 3 }), fc.integer(), fc.double(), fc.boolean(), fc.constant({}), fc.constant([]));
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ arbitrary: arb, weight: 30 }, { arbitrary: anything, weight: 1 });
const time = fc.record({ start: maybe(fc.nat()), end: maybe(fc.nat()), created: maybe(fc.nat()), compacted: maybe(fc.nat()) }, { requiredKeys: [] });
const tokens = fc.record({ input: maybe(fc.nat()), output: maybe(fc.nat()), reasoning: maybe(fc.nat()), cache: maybe(fc.record({ read: maybe(fc.nat()), write: maybe(fc.nat()) }, { requiredKeys: [] })) }, { requiredKeys: [] });
const state = fc.record(
  {
    status: maybe(fc.constantFrom('pending', 'running', 'completed', 'error', 'done')),
    input: maybe(fc.record({ command: maybe(fc.constantFrom('ls -la', '  ', 'npm   test')), filePath: maybe(fc.constantFrom('/a.ts', '')) }, { requiredKeys: [] })),
    raw: maybe(fc.string({ maxLength: 3 })),
    output: maybe(fc.string({ maxLength: 3 })),
    title: maybe(fc.string({ maxLength: 3 })),
    error: maybe(fc.oneof(fc.string({ maxLength: 3 }), fc.constant('The user rejected permission to use this specific tool call.'))),
    metadata: maybe(fc.record({ sessionId: maybe(fc.constantFrom('ses_child')) }, { requiredKeys: [] })),
    time: maybe(time),
  },
  { requiredKeys: [] },
);
const part = fc.record(
  {
    id: maybe(fc.constantFrom('prt_1', '')),
    sessionID: maybe(fc.constantFrom('ses_1', '')),
    messageID: maybe(fc.constantFrom('msg_1', '')),
    type: maybe(fc.constantFrom('text', 'reasoning', 'patch', 'step-start', 'step-finish', 'tool', 'file', 'agent', 'weird')),
    time: maybe(time),
    text: maybe(fc.string({ maxLength: 3 })),
    synthetic: maybe(fc.boolean()),
    ignored: maybe(fc.boolean()),
    snapshot: maybe(fc.string({ maxLength: 3 })),
    reason: maybe(fc.constantFrom('stop', 'tool-calls')),
    cost: maybe(fc.double({ min: 0, max: 5, noNaN: true })),
    tokens: maybe(tokens),
    tool: maybe(fc.constantFrom('bash', 'read', 'task')),
    callID: maybe(fc.constantFrom('c1')),
    state: maybe(state),
    hash: maybe(fc.string({ maxLength: 3 })),
    files: maybe(fc.array(fc.string({ maxLength: 3 }), { maxLength: 2 })),
  },
  { requiredKeys: ['id', 'sessionID', 'messageID', 'type'] },
);

describe('fastPartMeta', () => {
  it('gives exactly what the zod schema path gives, for every record it accepts', () => {
    let accepted = 0;
    fc.assert(
      fc.property(part, fc.option(fc.nat(), { nil: undefined }), fc.option(fc.nat(), { nil: undefined }), (value, created, updated) => {
        const fast = fastPartMeta(value, created, updated);
        if (!fast) return;
        accepted++;
        const slow = reshapePart(value);
        expect(slow.ok).toBe(true);
        if (slow.ok) expect(fast).toEqual(partMetaOf(slow.value, created, updated));
      }),
      { numRuns: 4000 },
    );
    expect(accepted).toBeGreaterThan(150);
  });

  it('takes the common records, leaves the rest to the schema', () => {
    const base = { id: 'prt_1', sessionID: 'ses_1', messageID: 'msg_1' };
    expect(fastPartMeta({ ...base, type: 'tool', tool: 'bash', callID: 'c', state: { status: 'running', input: { command: 'npm test' }, time: { start: 5 } } })).toMatchObject({ tool: 'bash', status: 'running', mainArg: 'npm test', created: 5 });
    expect(fastPartMeta({ ...base, type: 'step-finish', reason: 'stop', cost: 0.5, tokens: { input: 1, output: 2, reasoning: 0, cache: { read: 3, write: 4 } } })).toMatchObject({ cost: 0.5, tokens: { cacheRead: 3 } });
    expect(fastPartMeta({ ...base, type: 'retry', attempt: 1 })).toBeUndefined();
    expect(fastPartMeta({ ...base, type: 'tool', tool: 'bash', state: { status: 'done' } })).toBeUndefined();
  });
});
