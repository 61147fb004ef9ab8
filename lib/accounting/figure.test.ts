import { describe, expect, it } from 'vitest';
import { addFigureInto, cacheHitRatioOf, emptyFigure, finishFigure, isPartlyUnpriced, usageBasisOf } from './figure';
import { tokens } from './test-data';

describe('figures', () => {
  it('adds every field', () => {
    const a = emptyFigure();
    const b = { ...emptyFigure(), storedCost: 1, computedCost: 2, tokens: tokens({ input: 3, cacheRead: 1 }), messages: 2, steps: 4, stepMessages: 1, unpricedMessages: 1, unpricedTokens: 7 };
    addFigureInto(addFigureInto(a, b), b);
    expect(a).toMatchObject({ storedCost: 2, computedCost: 4, messages: 4, steps: 8, stepMessages: 2, unpricedMessages: 2, unpricedTokens: 14 });
    expect(a.tokens).toEqual(tokens({ input: 6, cacheRead: 2 }));
  });

  it('cache hit ratio = cacheRead / (input + cacheRead), absent without input', () => {
    expect(cacheHitRatioOf(tokens({ input: 25, cacheRead: 75 }))).toBe(0.75);
    expect(cacheHitRatioOf(tokens({ output: 5 }))).toBeUndefined();
    const f = finishFigure({ ...emptyFigure(), tokens: tokens({ input: 1, cacheRead: 1 }) });
    expect(f.cacheHitRatio).toBe(0.5);
    expect('cacheHitRatio' in finishFigure(emptyFigure())).toBe(false);
  });

  it('names the unpriced models once each, sorted, without changing the lists it was given', () => {
    const one = ['b/y'] as const;
    const a = addFigureInto(emptyFigure(), { ...emptyFigure(), unpricedMessages: 1, unpricedModels: one });
    addFigureInto(a, { ...emptyFigure(), unpricedMessages: 1, unpricedModels: ['a/x', 'b/y'] });
    addFigureInto(a, { ...emptyFigure(), storedCost: 1 });
    expect(a.unpricedModels).toEqual(['a/x', 'b/y']);
    expect(one).toEqual(['b/y']);
    expect(addFigureInto(emptyFigure(), emptyFigure()).unpricedModels).toBeUndefined();
  });

  it('says when a figure is partly unpriced', () => {
    expect(isPartlyUnpriced(emptyFigure())).toBe(false);
    expect(isPartlyUnpriced({ ...emptyFigure(), unpricedMessages: 1 })).toBe(true);
  });

  it('says which usage a figure rests on', () => {
    expect(usageBasisOf(emptyFigure())).toBe('none');
    expect(usageBasisOf({ ...emptyFigure(), messages: 2 })).toBe('message');
    expect(usageBasisOf({ ...emptyFigure(), messages: 2, stepMessages: 2 })).toBe('steps');
    expect(usageBasisOf({ ...emptyFigure(), messages: 2, stepMessages: 1 })).toBe('mixed');
  });
});
