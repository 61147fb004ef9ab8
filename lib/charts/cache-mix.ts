import type { TokenCounts } from '@/lib/model/tokens';

export interface CacheSlice {
  name: 'Input (uncached)' | 'Cache read' | 'Cache write';
  value: number;
}

export interface CacheMix {
  slices: CacheSlice[];
  /** cacheRead / (input + cacheRead), absent with no prompt tokens. */
  hitRatio?: number;
  promptTokens: number;
}

/** How prompt tokens split between fresh input, cache reads and cache writes. */
export function cacheMix(tokens: Readonly<TokenCounts>): CacheMix {
  const promptTokens = tokens.input + tokens.cacheRead + tokens.cacheWrite;
  const denominator = tokens.input + tokens.cacheRead;
  return {
    slices: [
      { name: 'Input (uncached)', value: tokens.input },
      { name: 'Cache read', value: tokens.cacheRead },
      { name: 'Cache write', value: tokens.cacheWrite },
    ],
    hitRatio: denominator > 0 ? tokens.cacheRead / denominator : undefined,
    promptTokens,
  };
}
