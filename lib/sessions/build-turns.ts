import type { MessageInfo } from '@/lib/model/message';
import type { Part } from '@/lib/model/part';
import type { PartMeta } from '@/lib/model/part-meta';
import { compareIdsCircular } from '@/lib/model/ids';
import { addTokensInto, emptyTokens, type TokenCounts } from '@/lib/model/tokens';

export interface MessageWithParts {
  info: MessageInfo;
  parts: Part[];
}

/** A user prompt and the assistant messages answering it (tool rounds each add one). */
export interface Turn {
  id: string;
  user?: MessageWithParts;
  assistant: MessageWithParts[];
  start: number;
  end: number;
  tokens: TokenCounts;
  cost: number;
}

/** Parts in creation order: OpenCode's ids are monotonic within a message (compared across the wrap). */
export function comparePartOrder(a: Part, b: Part): number {
  return compareCreation(a.id, a.time?.start, b.id, b.time?.start);
}

/** The same order for parts' index records. */
export function comparePartMetaOrder(a: PartMeta, b: PartMeta): number {
  return compareCreation(a.id, a.created, b.id, b.created);
}

function compareCreation(aID: string, aStart: number | undefined, bID: string, bStart: number | undefined): number {
  const byId = compareIdsCircular(aID, bID);
  if (/^prt_[0-9a-f]{12}/.test(aID) && /^prt_[0-9a-f]{12}/.test(bID)) return byId;
  return (aStart ?? 0) - (bStart ?? 0) || byId;
}

/** Every message id of a turn, prompt first. */
export function messageIdsOf(turn: Turn): string[] {
  return [...(turn.user ? [turn.user.info.id] : []), ...turn.assistant.map((m) => m.info.id)];
}

export function buildTurns(messages: readonly MessageInfo[], parts: readonly Part[]): Turn[] {
  const partsByMessage = new Map<string, Part[]>();
  for (const part of parts) {
    const list = partsByMessage.get(part.messageID);
    if (list) list.push(part);
    else partsByMessage.set(part.messageID, [part]);
  }
  const withParts = (info: MessageInfo): MessageWithParts => ({ info, parts: (partsByMessage.get(info.id) ?? []).sort(comparePartOrder) });
  const ordered = [...messages].sort((a, b) => a.time.created - b.time.created || (a.role === b.role ? 0 : a.role === 'user' ? -1 : 1));
  const turns: Turn[] = [];
  const byUser = new Map<string, Turn>();
  for (const info of ordered) {
    if (info.role === 'user') {
      const turn: Turn = { id: info.id, user: withParts(info), assistant: [], start: info.time.created, end: info.time.created, tokens: emptyTokens(), cost: 0 };
      turns.push(turn);
      byUser.set(info.id, turn);
      continue;
    }
    let turn = info.parentID ? byUser.get(info.parentID) : undefined;
    if (!turn) {
      turn = turns.at(-1);
      if (!turn || turn.user?.info.id !== info.parentID) {
        turn = { id: info.id, assistant: [], start: info.time.created, end: info.time.created, tokens: emptyTokens(), cost: 0 };
        turns.push(turn);
      }
    }
    turn.assistant.push(withParts(info));
    turn.end = Math.max(turn.end, info.time.completed ?? info.time.created);
    turn.cost += info.cost;
    addTokensInto(turn.tokens, info.tokens);
  }
  return turns;
}
