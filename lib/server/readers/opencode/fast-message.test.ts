import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fastMessage } from './fast-message';
import { reshapeMessageBySchema } from './reshape-message';

const anything = fc.oneof(fc.constant(undefined), fc.constant(null), fc.string({ maxLength: 3 }), fc.integer(), fc.double(), fc.boolean(), fc.constant({}), fc.constant([]));
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ arbitrary: arb, weight: 40 }, { arbitrary: anything, weight: 1 });
const tokens = fc.record({ input: maybe(fc.nat()), output: maybe(fc.nat()), reasoning: maybe(fc.nat()), cache: maybe(fc.record({ read: maybe(fc.nat()), write: maybe(fc.nat()) }, { requiredKeys: [] })), total: fc.nat() }, { requiredKeys: [] });
const message = fc.record(
  {
    id: maybe(fc.constantFrom('msg_1', '')),
    sessionID: maybe(fc.constantFrom('ses_1', '')),
    role: maybe(fc.constantFrom('user', 'assistant', 'system')),
    time: maybe(fc.record({ created: maybe(fc.nat()), completed: maybe(fc.nat()) }, { requiredKeys: [] })),
    parentID: maybe(fc.constantFrom('msg_0', '')),
    agent: maybe(fc.constantFrom('build', '')),
    mode: maybe(fc.constantFrom('plan', '')),
    providerID: maybe(fc.constantFrom('anthropic', '')),
    modelID: maybe(fc.constantFrom('claude', '')),
    model: maybe(fc.record({ providerID: maybe(fc.constantFrom('openai', '')), modelID: maybe(fc.constantFrom('gpt', '')) }, { requiredKeys: [] })),
    cost: maybe(fc.double({ min: 0, max: 10, noNaN: true })),
    tokens: maybe(tokens),
    finish: maybe(fc.constantFrom('stop', 'tool-calls')),
    error: fc.oneof({ arbitrary: fc.constant(undefined), weight: 10 }, { arbitrary: anything, weight: 1 }, { arbitrary: fc.record({ name: fc.string({ maxLength: 3 }) }), weight: 1 }),
    summary: anything,
    extra: anything,
  },
  { requiredKeys: [] },
);

describe('fastMessage', () => {
  it('gives exactly what the zod schema gives, for every record it accepts', () => {
    let accepted = 0;
    fc.assert(
      fc.property(message, (value) => {
        const fast = fastMessage(value);
        if (!fast) return;
        accepted++;
        expect(reshapeMessageBySchema(value)).toEqual({ ok: true, value: fast });
      }),
      { numRuns: 3000 },
    );
    // The property says something only if the fast path is taken often.
    expect(accepted).toBeGreaterThan(50);
  });

  it('takes the common OpenCode assistant record', () => {
    const value = { id: 'msg_1', sessionID: 'ses_1', role: 'assistant', time: { created: 1, completed: 2 }, parentID: 'msg_0', modelID: 'm', providerID: 'p', mode: 'build', agent: 'build', path: { cwd: '/' }, cost: 0.5, tokens: { input: 1, output: 2, reasoning: 0, cache: { read: 3, write: 4 } }, finish: 'stop' };
    expect(fastMessage(value)).toEqual(reshapeMessageBySchema(value).ok && (reshapeMessageBySchema(value) as { value: unknown }).value);
    expect(fastMessage({ ...value, error: { name: 'APIError' } })).toBeUndefined();
  });
});
