import type { MessageInfo } from '@/lib/model/message';
import type { StatsInput, StatsResult } from './compute-stats';
import { projectLabels } from './compute-stats';
import { addFigureInto, emptyFigure, finishFigure, type Figure } from './figure';
import { rootSessionIndex } from './session-tree';
import { createGrouper, sortGroups, type GroupedSession, type StatsGroup, type StatsGroupBy } from './stats-grouping';
import { sharedTimeKeyer } from './time-keys';

export interface AccumulatorInput extends Pick<StatsInput, 'projects' | 'timeZone'> {
  sessions: readonly GroupedSession[];
  groupBy: StatsGroupBy;
  split?: StatsGroupBy;
  /** Subagent spend under its root session (groupings by session only). */
  roots?: boolean;
}

/**
 * Groups figures as stats answer them: each one added to the total, to its group and (with a
 * split) to its group's part, and at the end the groups finished and sorted. Messages
 * (`computeStats`) and database rows (`foldUsageRows`) are summed through the same one.
 */
export function createStatsAccumulator(input: AccumulatorInput): { add(message: MessageInfo, figure: Readonly<Figure>): void; result(): StatsResult } {
  const needRoots = input.roots === true && (input.groupBy === 'session' || input.split === 'session');
  const context = {
    groupBy: input.groupBy,
    sessions: new Map(input.sessions.map((s) => [s.id, s])),
    roots: needRoots ? rootSessionIndex(input.sessions) : undefined,
    projectLabels: projectLabels(input.projects, input.sessions),
    time: sharedTimeKeyer(input.timeZone),
  };
  const grouper = createGrouper(context);
  const split = input.split;
  const splitters = new Map<StatsGroup, ReturnType<typeof createGrouper>>();
  const total = emptyFigure();
  return {
    add(message, figure) {
      addFigureInto(total, figure);
      const group = grouper.groupOf(message);
      addFigureInto(group.figure, figure);
      if (!split) return;
      let splitter = splitters.get(group);
      if (!splitter) splitters.set(group, (splitter = createGrouper({ ...context, groupBy: split })));
      addFigureInto(splitter.groupOf(message).figure, figure);
    },
    result() {
      const groups = [...grouper.groups.values()];
      for (const g of groups) {
        finishFigure(g.figure);
        const parts = splitters.get(g);
        if (!split || !parts) continue;
        for (const p of parts.groups.values()) finishFigure(p.figure);
        g.split = sortGroups([...parts.groups.values()], split);
      }
      return { total: finishFigure(total), groups: sortGroups(groups, input.groupBy) };
    },
  };
}
