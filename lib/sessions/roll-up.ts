import { addTokensInto, emptyTokens, type TokenCounts } from '@/lib/model/tokens';

export interface RollUp {
  sessionCount: number;
  messageCount: number;
  tokens: TokenCounts;
  cost: number;
  lastActivity?: number;
}

interface Own {
  messageCount: number;
  tokens: TokenCounts;
  cost: number;
  lastActivity?: number;
}

/**
 * Totals of each session with all its descendants. `children` maps a session id to its direct
 * children; cycles (corrupt parent links) are cut so every session is counted once per root.
 * `known` answers for sessions whose roll-up has not changed (so an update stays local).
 */
export function rollUpAll(
  ids: Iterable<string>,
  own: (id: string) => Own | undefined,
  children: (id: string) => readonly string[],
  known?: (id: string) => RollUp | undefined,
): Map<string, RollUp> {
  const done = new Map<string, RollUp>();
  const visiting = new Set<string>();
  const visit = (id: string): RollUp => {
    const cached = done.get(id) ?? known?.(id);
    if (cached) return cached;
    const figures = own(id);
    const total: RollUp = {
      sessionCount: 1,
      messageCount: figures?.messageCount ?? 0,
      tokens: addTokensInto(emptyTokens(), figures?.tokens ?? emptyTokens()),
      cost: figures?.cost ?? 0,
      lastActivity: figures?.lastActivity,
    };
    visiting.add(id);
    for (const child of children(id)) {
      if (visiting.has(child)) continue;
      const sub = visit(child);
      total.sessionCount += sub.sessionCount;
      total.messageCount += sub.messageCount;
      total.cost += sub.cost;
      addTokensInto(total.tokens, sub.tokens);
      if (sub.lastActivity !== undefined && (total.lastActivity === undefined || sub.lastActivity > total.lastActivity)) total.lastActivity = sub.lastActivity;
    }
    visiting.delete(id);
    done.set(id, total);
    return total;
  };
  for (const id of ids) visit(id);
  return done;
}
