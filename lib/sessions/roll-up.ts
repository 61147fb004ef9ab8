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

interface Subtree {
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

/**
 * Totals of each session with all its descendants (`lib/accounting`'s tree roll-up). `children`
 * maps a session id to its direct children; cycles (corrupt parent links) are cut so every session
 * is counted once per root.
 */
export function rollUpAll(ids: Iterable<string>, own: (id: string) => Own | undefined, children: (id: string) => readonly string[]): Map<string, RollUp> {
  const trees = rollUpTree<Subtree>(
    ids,
    (id) => {
      const figures = own(id);
      return { sessionCount: 1, messageCount: figures?.messageCount ?? 0, figure: addFigureInto(emptyFigure(), figures?.figure ?? emptyFigure()), lastActivity: figures?.lastActivity };
    },
    children,
    addSubtree,
  );
  const out = new Map<string, RollUp>();
  for (const [id, t] of trees) out.set(id, { sessionCount: t.sessionCount, messageCount: t.messageCount, lastActivity: t.lastActivity, ...spendOf(finishFigure(t.figure)) });
  return out;
}
