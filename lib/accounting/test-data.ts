/** Builders for accounting tests (kept out of `*.test.ts` so several test files share them). */
import type { MessageInfo } from '@/lib/model/message';
import type { PartMeta } from '@/lib/model/part-meta';
import type { SessionInfo } from '@/lib/model/session';
import { emptyTokens, type TokenCounts } from '@/lib/model/tokens';
import type { ModelPrice, PriceResolver } from '@/lib/pricing/price-types';

export const SONNET: ModelPrice = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75, contextLimit: 200_000 };

export function tokens(partial: Partial<TokenCounts> = {}): TokenCounts {
  return { ...emptyTokens(), ...partial };
}

export function assistant(partial: Partial<MessageInfo> & { id: string; sessionID: string }): MessageInfo {
  return {
    role: 'assistant',
    time: { created: Date.UTC(2026, 0, 1, 12) },
    parentID: 'msg_user',
    providerID: 'anthropic',
    modelID: 'claude-sonnet-4-5',
    agent: 'build',
    cost: 0,
    tokens: tokens(),
    ...partial,
  };
}

export function user(id: string, sessionID: string, created = Date.UTC(2026, 0, 1, 11)): MessageInfo {
  return { id, sessionID, role: 'user', time: { created }, cost: 0, tokens: tokens() };
}

export function stepFinish(id: string, messageID: string, cost: number, t: TokenCounts): PartMeta {
  return { id, messageID, sessionID: 'ses_x', type: 'step-finish', reason: 'tool-calls', cost, tokens: t };
}

export function session(id: string, parentID?: string, projectID = 'prj_a'): SessionInfo {
  return {
    id,
    source: 'opencode-sqlite',
    projectID,
    directory: `/work/${projectID}`,
    parentID,
    title: `Session ${id}`,
    time: { created: 0, updated: 0 },
    origin: 'test',
  };
}

/** Prices every model of `anthropic` at Sonnet rates; anything else is unpriced. */
export const sonnetOnly: PriceResolver = (providerID, modelID) =>
  providerID === 'anthropic' && modelID ? { price: SONNET, providerID, modelID, via: 'exact' } : undefined;
