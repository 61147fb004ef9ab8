import type { MessageInfo } from '@/lib/model/message';
import type { PartMeta } from '@/lib/model/part-meta';
import type { SessionInfo } from '@/lib/model/session';
import { addTokensInto, totalTokenCount } from '@/lib/model/tokens';
import type { ModelPrice } from '@/lib/pricing/price-types';
import { computeCost } from './compute-cost';
import { addFigureInto, emptyFigure, finishFigure, type Figure } from './figure';
import { measureMessageInto, type MeasureOptions } from './measure-message';
import { rollUpTree } from './roll-up-tree';

/** One step-finish part; `price` undefined marks it unpriced. */
export function stepFigure(step: PartMeta, price: ModelPrice | undefined): Figure {
  const f = emptyFigure();
  if (step.type !== 'step-finish') return f;
  f.steps = 1;
  f.storedCost = step.cost ?? 0;
  if (step.tokens) addTokensInto(f.tokens, step.tokens);
  if (price && step.tokens) f.computedCost = computeCost(step.tokens, price);
  else if (!price && (totalTokenCount(f.tokens) > 0 || f.storedCost > 0)) f.unpricedTokens = totalTokenCount(f.tokens);
  return finishFigure(f);
}

export function messageFigure(message: MessageInfo, options: MeasureOptions): Figure {
  const f = emptyFigure();
  measureMessageInto(f, message, options);
  return finishFigure(f);
}

/** Sum over any messages (a session's, a turn's...); user messages add nothing. */
export function messagesFigure(messages: Iterable<MessageInfo>, options: MeasureOptions): Figure {
  const total = emptyFigure();
  const one = emptyFigure();
  for (const m of messages) if (measureMessageInto(one, m, options)) addFigureInto(total, one);
  return finishFigure(total);
}

export interface TurnFigure {
  /** The user message that opened the turn (or the missing parent id assistant replies name). */
  userMessageID: string;
  userMessage?: MessageInfo;
  figure: Figure;
}

/** A turn = a user message + the assistant messages whose parentID is it; in time order. */
export function turnFigures(messages: readonly MessageInfo[], options: MeasureOptions): TurnFigure[] {
  const turns = new Map<string, TurnFigure & { created: number }>();
  const one = emptyFigure();
  const turnOf = (id: string, created: number) => {
    let turn = turns.get(id);
    if (!turn) turns.set(id, (turn = { userMessageID: id, figure: emptyFigure(), created }));
    return turn;
  };
  for (const m of messages) {
    if (m.role === 'user') {
      const turn = turnOf(m.id, m.time.created);
      turn.userMessage = m;
      turn.created = m.time.created;
    } else if (measureMessageInto(one, m, options)) {
      addFigureInto(turnOf(m.parentID ?? m.id, m.time.created).figure, one);
    }
  }
  return [...turns.values()]
    .sort((a, b) => a.created - b.created)
    .map(({ userMessageID, userMessage, figure }) =>
      userMessage ? { userMessageID, userMessage, figure: finishFigure(figure) } : { userMessageID, figure: finishFigure(figure) },
    );
}

export interface SessionFigures {
  own: Figure;
  /** The session plus every subagent session under it. */
  withDescendants: Figure;
}

/** Per session: its own spend and its spend with all descendant sessions rolled up. */
export function sessionFigures(
  sessions: readonly Pick<SessionInfo, 'id' | 'parentID'>[],
  messages: Iterable<MessageInfo>,
  options: MeasureOptions,
): Map<string, SessionFigures> {
  const own = new Map<string, Figure>();
  for (const s of sessions) own.set(s.id, emptyFigure());
  const one = emptyFigure();
  for (const m of messages) {
    if (!measureMessageInto(one, m, options)) continue;
    let figure = own.get(m.sessionID);
    if (!figure) own.set(m.sessionID, (figure = emptyFigure()));
    addFigureInto(figure, one);
  }
  const children = new Map<string, string[]>();
  for (const s of sessions) {
    if (s.parentID === undefined || s.parentID === s.id || !own.has(s.parentID)) continue;
    const list = children.get(s.parentID);
    if (list) list.push(s.id);
    else children.set(s.parentID, [s.id]);
  }
  const totals = rollUpTree(
    own.keys(),
    (id) => addFigureInto(emptyFigure(), own.get(id) ?? emptyFigure()),
    (id) => children.get(id) ?? [],
    addFigureInto,
  );
  const out = new Map<string, SessionFigures>();
  for (const [id, figure] of own) out.set(id, { own: finishFigure(figure), withDescendants: finishFigure(totals.get(id) ?? emptyFigure()) });
  return out;
}

/** Groups step-finish parts by message id, the shape `MeasureOptions.steps` takes. */
export function stepPartsByMessage(parts: Iterable<PartMeta>): Map<string, PartMeta[]> {
  const out = new Map<string, PartMeta[]>();
  for (const p of parts) {
    if (p.type !== 'step-finish') continue;
    const list = out.get(p.messageID);
    if (list) list.push(p);
    else out.set(p.messageID, [p]);
  }
  return out;
}
