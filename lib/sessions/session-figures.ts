import { contextUse, type ContextUse } from '@/lib/accounting/context-use';
import { addFigureInto, emptyFigure, finishFigure, type Figure } from '@/lib/accounting/figure';
import { measureMessageInto } from '@/lib/accounting/measure-message';
import { modelKey } from '@/lib/accounting/model-key';
import type { MessageInfo } from '@/lib/model/message';
import type { PartMeta } from '@/lib/model/part-meta';
import type { TokenCounts } from '@/lib/model/tokens';
import { contextLimitOf } from '@/lib/pricing/context-limit';
import type { PriceResolver } from '@/lib/pricing/price-types';

/** How full the context window was at a session's latest request, and on which model. */
export interface SessionContextUse extends ContextUse {
  /** `provider/model` of that request. */
  model?: string;
}

/** What a session's own messages add up to (subagents excluded). */
export interface SessionFigures {
  messageCount: number;
  /** User prompts: each opens a turn. */
  turnCount: number;
  models: string[];
  agents: string[];
  /** Spend and usage of the assistant messages, by the rules of `lib/accounting` (message level). */
  figure: Figure;
  firstActivity?: number;
  lastActivity?: number;
  /** Newest message by creation time. */
  last?: MessageInfo;
  /** Absent until an assistant message has sent a prompt. */
  contextUse?: SessionContextUse;
}

export interface SessionFiguresOptions {
  prices: PriceResolver;
  /** A message's parts, to measure context use at its latest step-finish when the index holds it. */
  partsOf?: (messageID: string) => readonly PartMeta[];
}

const promptTokens = (t: TokenCounts) => t.input + t.cacheRead + t.cacheWrite;

/** The newest step-finish part that sent a prompt. */
function latestStep(parts: readonly PartMeta[]): PartMeta | undefined {
  let latest: PartMeta | undefined;
  for (const p of parts) {
    if (p.type !== 'step-finish' || !p.tokens || promptTokens(p.tokens) === 0) continue;
    if (!latest || (p.end ?? p.created ?? 0) >= (latest.end ?? latest.created ?? 0)) latest = p;
  }
  return latest;
}

export function sessionFigures(messages: Iterable<MessageInfo>, options: SessionFiguresOptions): SessionFigures {
  const models = new Set<string>();
  const agents = new Set<string>();
  const figure = emptyFigure();
  const one = emptyFigure();
  const measure = { prices: options.prices };
  let messageCount = 0;
  let turnCount = 0;
  let first: number | undefined;
  let lastActivity: number | undefined;
  let last: MessageInfo | undefined;
  let lastPrompt: MessageInfo | undefined;
  for (const message of messages) {
    messageCount++;
    if (message.role === 'user') turnCount++;
    else {
      if (measureMessageInto(one, message, measure)) addFigureInto(figure, one);
      const model = modelKey(message);
      if (model) models.add(model);
      // A side call (a classifier's prompt, not the conversation) says nothing of the context in use.
      if (!message.sideCall && promptTokens(message.tokens) > 0 && (!lastPrompt || message.time.created >= lastPrompt.time.created)) lastPrompt = message;
    }
    if (message.agent) agents.add(message.agent);
    const created = message.time.created;
    const activity = Math.max(created, message.time.completed ?? 0);
    if (first === undefined || created < first) first = created;
    if (lastActivity === undefined || activity > lastActivity) lastActivity = activity;
    // Status reads the newest reply; a side call made before the reply it prepares is not one.
    if (message.sideCall) continue;
    if (!last || created > last.time.created || (created === last.time.created && message.role === 'assistant')) last = message;
  }
  return figuresOfTally({ messageCount, turnCount, models: [...models], agents: [...agents], figure, firstActivity: first, lastActivity, last, lastPrompt }, options);
}

/**
 * What a session's messages add up to before its context use is measured: summed by the loop above,
 * or by the session database (lib/server/db/queries/session-tallies.ts) without reading them.
 */
export interface SessionTally extends Omit<SessionFigures, 'contextUse'> {
  /** The newest reply that sent a prompt (not a side call). */
  lastPrompt?: MessageInfo;
}

/** A session's figures from its tally (`figure` is finished here). */
export function figuresOfTally(tally: SessionTally, options: SessionFiguresOptions): SessionFigures {
  const { lastPrompt, ...rest } = tally;
  const out: SessionFigures = { ...rest, figure: finishFigure(tally.figure) };
  if (lastPrompt) {
    const contextLimit = lastPrompt.contextLimit ?? contextLimitOf(options.prices, lastPrompt.providerID, lastPrompt.modelID, lastPrompt.sessionID);
    const step = options.partsOf ? latestStep(options.partsOf(lastPrompt.id)) : undefined;
    // Built whole, not spread: a spread of it gave each session's object a hidden class of its own (~180 B).
    const { used, limit, ratio } = contextUse(lastPrompt, { contextLimit }, step);
    out.contextUse = limit === undefined ? { used, model: modelKey(lastPrompt) } : { used, limit, ratio, model: modelKey(lastPrompt) };
  }
  return out;
}
