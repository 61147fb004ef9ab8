import type { MessageInfo } from '@/lib/model/message';
import { addTokensInto, emptyTokens, type TokenCounts } from '@/lib/model/tokens';

/** What a session's own messages add up to (subagents excluded). */
export interface SessionFigures {
  messageCount: number;
  /** User prompts: each opens a turn. */
  turnCount: number;
  models: string[];
  agents: string[];
  tokens: TokenCounts;
  cost: number;
  firstActivity?: number;
  lastActivity?: number;
  /** Newest message by creation time. */
  last?: MessageInfo;
}

export function modelKey(message: Pick<MessageInfo, 'providerID' | 'modelID'>): string | undefined {
  if (!message.modelID) return undefined;
  return message.providerID ? `${message.providerID}/${message.modelID}` : message.modelID;
}

export function sessionFigures(messages: Iterable<MessageInfo>): SessionFigures {
  const tokens = emptyTokens();
  const models = new Set<string>();
  const agents = new Set<string>();
  let messageCount = 0;
  let turnCount = 0;
  let cost = 0;
  let first: number | undefined;
  let lastActivity: number | undefined;
  let last: MessageInfo | undefined;
  for (const message of messages) {
    messageCount++;
    if (message.role === 'user') turnCount++;
    else {
      cost += message.cost;
      addTokensInto(tokens, message.tokens);
      const model = modelKey(message);
      if (model) models.add(model);
    }
    if (message.agent) agents.add(message.agent);
    const created = message.time.created;
    const activity = Math.max(created, message.time.completed ?? 0);
    if (first === undefined || created < first) first = created;
    if (lastActivity === undefined || activity > lastActivity) lastActivity = activity;
    if (!last || created > last.time.created || (created === last.time.created && message.role === 'assistant')) last = message;
  }
  return { messageCount, turnCount, models: [...models], agents: [...agents], tokens, cost, firstActivity: first, lastActivity, last };
}
