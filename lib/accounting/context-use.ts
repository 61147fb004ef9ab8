import type { MessageInfo } from '@/lib/model/message';
import type { PartMeta } from '@/lib/model/part-meta';
import type { ModelPrice } from '@/lib/pricing/price-types';

export interface ContextUse {
  /** Prompt tokens of the latest request. */
  used: number;
  limit?: number;
  /** used / limit, when the limit is known. */
  ratio?: number;
}

/**
 * How full the model's context window was at the latest request of a session: input + cache read
 * + cache write of its latest step. Cache writes count because they are prompt tokens too (the
 * first request after an edit writes most of the prompt to cache). `message.tokens` already holds
 * the latest step's tokens; pass that step when at hand, it is the same or newer.
 */
export function contextUse(
  lastAssistantMessage: Pick<MessageInfo, 'tokens'>,
  price: Pick<ModelPrice, 'contextLimit'> | undefined,
  latestStep?: Pick<PartMeta, 'tokens'>,
): ContextUse {
  const t = latestStep?.tokens ?? lastAssistantMessage.tokens;
  const used = t.input + t.cacheRead + t.cacheWrite;
  const limit = price?.contextLimit;
  return limit ? { used, limit, ratio: used / limit } : { used };
}
