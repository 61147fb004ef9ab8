import { describe, expect, it } from 'vitest';
import { contextUse } from './context-use';
import { SONNET, stepFinish, tokens } from './test-data';

describe('contextUse', () => {
  it('measures the latest prompt against the context limit', () => {
    const use = contextUse({ tokens: tokens({ input: 1000, cacheRead: 49_000, cacheWrite: 50_000, output: 9999 }) }, SONNET);
    expect(use).toEqual({ used: 100_000, limit: 200_000, ratio: 0.5 });
  });

  it('prefers the latest step when given', () => {
    const step = stepFinish('prt_1', 'msg_1', 0, tokens({ input: 10, cacheRead: 30 }));
    expect(contextUse({ tokens: tokens({ input: 1 }) }, SONNET, step).used).toBe(40);
  });

  it('has no ratio without a known limit', () => {
    expect(contextUse({ tokens: tokens({ input: 5 }) }, undefined)).toEqual({ used: 5 });
    expect(contextUse({ tokens: tokens({ input: 5 }) }, { contextLimit: undefined })).toEqual({ used: 5 });
  });
});
