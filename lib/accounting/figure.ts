import { addTokensInto, emptyTokens, type TokenCounts } from '@/lib/model/tokens';
import { mergeModelLists } from './model-key';

/** Spend and usage of any slice of messages: a step, a message, a session, a day, a model... */
export interface Figure {
  /** USD as the agent stored it (0 for subscriptions such as GitHub Copilot). */
  storedCost: number;
  /** USD at models.dev API prices, summed over the priced messages only. */
  computedCost: number;
  tokens: TokenCounts;
  /** Assistant messages counted. */
  messages: number;
  /** step-finish parts counted (0 where the figure is message-level only). */
  steps: number;
  /** Messages whose usage came from their step-finish parts rather than the message record. */
  stepMessages: number;
  /** Messages whose agent records no cost (Codex CLI, Gemini CLI): `storedCost` says nothing of them. */
  unrecordedMessages: number;
  /** Messages whose model has no known price: `computedCost` leaves them out. */
  unpricedMessages: number;
  unpricedTokens: number;
  /** The models (`provider/model`) of those messages, sorted; absent when every message was priced. */
  unpricedModels?: readonly string[];
  /** "provider/model (file)" of messages priced from an opencode.json rather than models.dev; absent when none. */
  configPriced?: readonly string[];
  /** cacheRead / (input + cacheRead); absent when there was no input at all. */
  cacheHitRatio?: number;
}

export function emptyFigure(): Figure {
  return {
    storedCost: 0,
    computedCost: 0,
    tokens: emptyTokens(),
    messages: 0,
    steps: 0,
    stepMessages: 0,
    unrecordedMessages: 0,
    unpricedMessages: 0,
    unpricedTokens: 0,
  };
}

/** Adds `b` into `a` in place (ratios are settled by `finishFigure`). */
export function addFigureInto(a: Figure, b: Readonly<Figure>): Figure {
  a.storedCost += b.storedCost;
  a.computedCost += b.computedCost;
  addTokensInto(a.tokens, b.tokens);
  a.messages += b.messages;
  a.steps += b.steps;
  a.stepMessages += b.stepMessages;
  a.unrecordedMessages += b.unrecordedMessages;
  a.unpricedMessages += b.unpricedMessages;
  a.unpricedTokens += b.unpricedTokens;
  if (b.unpricedModels) a.unpricedModels = mergeModelLists(a.unpricedModels, b.unpricedModels);
  if (b.configPriced) a.configPriced = mergeModelLists(a.configPriced, b.configPriced);
  return a;
}

export function cacheHitRatioOf(tokens: Readonly<TokenCounts>): number | undefined {
  const prompt = tokens.input + tokens.cacheRead;
  return prompt > 0 ? tokens.cacheRead / prompt : undefined;
}

/** Sets the derived fields once accumulation is over; returns the figure. */
export function finishFigure(figure: Figure): Figure {
  const ratio = cacheHitRatioOf(figure.tokens);
  if (ratio === undefined) delete figure.cacheHitRatio;
  else figure.cacheHitRatio = ratio;
  return figure;
}

/** "partly unpriced" in the UI: some messages had no price, so `computedCost` is a lower bound. */
export function isPartlyUnpriced(figure: Readonly<Figure>): boolean {
  return figure.unpricedMessages > 0;
}

/**
 * Which usage a figure rests on: `message` = message records only (what `opencode stats` sums),
 * `steps` = every message from its step-finish parts, `mixed` = some of each.
 */
export function usageBasisOf(figure: Readonly<Figure>): 'message' | 'steps' | 'mixed' | 'none' {
  if (figure.messages === 0) return 'none';
  if (figure.stepMessages === 0) return 'message';
  return figure.stepMessages === figure.messages ? 'steps' : 'mixed';
}

/** Whether the agents recorded this figure's cost: `all` (absent from the figure's spend), `some` or `none`. */
export function costRecordedOf(figure: Readonly<Pick<Figure, 'messages' | 'unrecordedMessages'>>): 'all' | 'some' | 'none' {
  if (figure.unrecordedMessages <= 0) return 'all';
  return figure.unrecordedMessages >= figure.messages ? 'none' : 'some';
}
