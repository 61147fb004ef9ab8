import { describe, expect, it } from 'vitest';
import { emptyFigure } from './figure';
import { measureMessageInto } from './measure-message';
import { assistant, sonnetOnly, stepFinish, tokens, user } from './test-data';

// OpenCode's record after two steps: cost accumulated, tokens = the last step's.
const message = assistant({ id: 'msg_a', sessionID: 'ses_1', cost: 0.3, tokens: tokens({ input: 200, output: 20 }) });
const steps = new Map([
  ['msg_a', [stepFinish('prt_1', 'msg_a', 0.1, tokens({ input: 100, output: 10 })), stepFinish('prt_2', 'msg_a', 0.2, tokens({ input: 200, output: 20 }))]],
]);

describe('measureMessageInto', () => {
  it('message level: the stored record, as opencode stats sums it', () => {
    const f = emptyFigure();
    expect(measureMessageInto(f, message, { prices: sonnetOnly, steps, usage: 'message' })).toBe(true);
    expect(f).toMatchObject({ storedCost: 0.3, messages: 1, steps: 0, stepMessages: 0 });
    expect(f.tokens).toEqual(tokens({ input: 200, output: 20 }));
    expect(f.computedCost).toBeCloseTo((200 * 3 + 20 * 15) / 1e6, 12);
  });

  it('step level: sums step-finish parts, pricing each step on its own', () => {
    const f = emptyFigure();
    measureMessageInto(f, message, { prices: sonnetOnly, steps });
    expect(f).toMatchObject({ messages: 1, steps: 2, stepMessages: 1 });
    expect(f.storedCost).toBeCloseTo(0.3, 12);
    expect(f.tokens).toEqual(tokens({ input: 300, output: 30 }));
    expect(f.computedCost).toBeCloseTo((300 * 3 + 30 * 15) / 1e6, 12);
  });

  it('falls back to the record when a message has no step-finish parts', () => {
    const f = emptyFigure();
    measureMessageInto(f, message, { prices: sonnetOnly, steps: new Map() });
    expect(f).toMatchObject({ storedCost: 0.3, steps: 0, stepMessages: 0 });
  });

  it('marks unknown models unpriced instead of $0', () => {
    const f = emptyFigure();
    measureMessageInto(f, { ...message, providerID: 'acme', modelID: 'mystery-1' }, { prices: sonnetOnly });
    expect(f).toMatchObject({ computedCost: 0, unpricedMessages: 1, unpricedTokens: 220, storedCost: 0.3 });
    expect(f.unpricedModels).toEqual(['acme/mystery-1']);
    measureMessageInto(f, message, { prices: sonnetOnly });
    expect(f.unpricedModels).toBeUndefined();
  });

  it('does not flag an empty message as unpriced', () => {
    const f = emptyFigure();
    measureMessageInto(f, assistant({ id: 'm', sessionID: 's', modelID: undefined }), { prices: sonnetOnly });
    expect(f).toMatchObject({ messages: 1, unpricedMessages: 0 });
  });

  it('skips user messages and resets the scratch figure', () => {
    const f = emptyFigure();
    measureMessageInto(f, message, { prices: sonnetOnly });
    expect(measureMessageInto(f, user('msg_u', 'ses_1'), { prices: sonnetOnly })).toBe(false);
    expect(f).toEqual(emptyFigure());
  });
});
