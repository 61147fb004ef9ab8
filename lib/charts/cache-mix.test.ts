import { describe, expect, it } from 'vitest';
import { emptyTokens } from '@/lib/model/tokens';
import { cacheMix } from './cache-mix';

describe('cacheMix', () => {
  it('splits prompt tokens and computes the hit ratio', () => {
    const mix = cacheMix({ ...emptyTokens(), input: 100, cacheRead: 300, cacheWrite: 50, output: 999 });
    expect(mix.slices.map((s) => s.value)).toEqual([100, 300, 50]);
    expect(mix.hitRatio).toBeCloseTo(0.75);
    expect(mix.promptTokens).toBe(450);
  });
  it('has no ratio without prompt tokens', () => {
    expect(cacheMix(emptyTokens()).hitRatio).toBeUndefined();
  });
});
