import type { TokenCounts } from '@/lib/model/tokens';
import type { z } from 'zod';
import type { rawTokensSchema } from './raw-schemas';

export function reshapeTokens(raw: z.infer<typeof rawTokensSchema> | null | undefined): TokenCounts {
  return {
    input: raw?.input ?? 0,
    output: raw?.output ?? 0,
    reasoning: raw?.reasoning ?? 0,
    cacheRead: raw?.cache?.read ?? 0,
    cacheWrite: raw?.cache?.write ?? 0,
  };
}
