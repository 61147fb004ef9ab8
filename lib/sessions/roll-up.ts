import { addFigureInto, emptyFigure, finishFigure, type Figure } from '@/lib/accounting/figure';
import { rollUpTree } from '@/lib/accounting/roll-up-tree';
import { spendOf, type Spend } from './spend';

/** A session with all its descendants. */
export interface RollUp extends Spend {
  sessionCount: number;
  messageCount: number;
  lastActivity?: number;
}

interface Own {
  messageCount: number;
  figure: Figure;
  lastActivity?: number;
}

export interface Subtree {
  sessionCount: number;
  messageCount: number;
  figure: Figure;
  lastActivity?: number;
}

function addSubtree(into: Subtree, from: Readonly<Subtree>): void {
  into.sessionCount += from.sessionCount;
  into.messageCount += from.messageCount;
  addFigureInto(into.figure, from.figure);
  if (from.lastActivity !== undefined && (into.lastActivity === undefined || from.lastActivity > into.lastActivity)) into.lastActivity = from.lastActivity;
}

/** Unfinished subtree totals kept between updates, so one change re-adds only its own branch. */
export type SubtreeCache = Map<string, Subtree>;

/**
 * Totals of each session with all its descendants (`lib/accounting`'s tree roll-up). `children`
 * maps a session id to its direct children; cycles (corrupt parent links) are cut so every session
 * is counted once per root. With `reuse`, subtrees of sessions not in `reuse.stale` come from
 * `reuse.cache`, and those computed now are stored there.
 */
export function rollUpAll(
  ids: Iterable<string>,
  own: (id: string) => Own | undefined,
  children: (id: string) => readonly string[],
  reuse?: { cache: SubtreeCache; stale: ReadonlySet<string> },
): Map<string, RollUp> {
  const trees = rollUpTree<Subtree>(
    ids,
    (id) => {
      const figures = own(id);
      return { sessionCount: 1, messageCount: figures?.messageCount ?? 0, figure: addFigureInto(emptyFigure(), figures?.figure ?? emptyFigure()), lastActivity: figures?.lastActivity };
    },
    children,
    addSubtree,
    reuse ? (id) => (reuse.stale.has(id) ? undefined : reuse.cache.get(id)) : undefined,
  );
  const out = new Map<string, RollUp>();
  for (const [id, t] of trees) {
    reuse?.cache.set(id, t);
    out.set(id, { sessionCount: t.sessionCount, messageCount: t.messageCount, lastActivity: t.lastActivity, ...spendOf(finishFigure(t.figure)) });
  }
  return out;
}
