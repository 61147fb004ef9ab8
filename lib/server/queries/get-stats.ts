import 'server-only';
import { computeStats, type StatsResult } from '@/lib/accounting/compute-stats';
import type { StatsQuery } from '@/lib/stats/stats-query';
import type { Store } from '../store/store';

/**
 * Stats over the index. Usage is message-level (what `opencode stats` sums): the index keeps
 * step-finish parts only for each session's newest messages; per-step figures are on session pages.
 * `complete: false` while the first read still runs: the figures are partial sums, not zeros to show.
 */
export function getStats(store: Store, query: StatsQuery): StatsResult & { complete: boolean } {
  // Read before the pass: a figure is complete only if every message was in the store when counting began.
  const complete = store.progress.phase === 'ready';
  const result = computeStats({
    sessions: [...store.view.allSessions()],
    messages: store.view.allMessages(),
    groupBy: query.groupBy,
    split: query.split,
    filters: {
      from: query.from,
      to: query.to,
      project: query.project,
      roots: query.roots,
      source: query.source,
      agent: query.agent,
      subtreeOf: query.session ? [query.session] : undefined,
    },
    timeZone: query.timeZone,
    prices: store.prices,
    usage: 'message',
    projects: store.projects(),
  });
  return { ...result, complete };
}
