import type { MessageInfo } from '@/lib/model/message';
import type { PartMeta } from '@/lib/model/part-meta';
import type { Project } from '@/lib/model/project';
import type { SessionInfo } from '@/lib/model/session';
import { matchesSource, type SourceFilter } from '@/lib/model/source';
import { createPriceResolver } from '@/lib/pricing/lookup-price';
import type { PriceResolver } from '@/lib/pricing/price-types';
import { emptyFigure, type Figure } from './figure';
import { measureMessageInto, type UsageLevel } from './measure-message';
import { subtreeSessionIDs } from './session-tree';
import { agentOf, type StatsGroup, type StatsGroupBy } from './stats-grouping';
import { createStatsAccumulator } from './stats-accumulator';
import type { TimeZoneSpec } from './time-keys';
import { distinctPathLabels, projectLabel } from '@/lib/format/distinct-path-labels';

export interface StatsFilters {
  /** Message creation time, ms, inclusive. */
  from?: number;
  /** Message creation time, ms, exclusive. */
  to?: number;
  /** projectID of the message's session. */
  project?: string;
  /** Only these sessions' own messages. */
  sessionIDs?: readonly string[];
  /** These sessions and every subagent session under them. */
  subtreeOf?: readonly string[];
  providerID?: string;
  modelID?: string;
  /** Agent name, compared after normalisation ("Sisyphus - ultraworker" matches "sisyphus"). */
  agent?: string;
  /** A source family ("opencode": both stores) or one exact kind. */
  source?: SourceFilter;
  /** Leave out archived sessions (kept by default: archiving does not refund spend). */
  excludeArchived?: boolean;
  /**
   * Group subagent spend under its root session. Only `groupBy: 'session'` changes: each message is
   * credited to the root of its session's tree instead of its own session. Other groupings key
   * messages by day, model, agent... and totals are the same either way: every message is counted
   * exactly once, under exactly one group, with or without `roots`.
   */
  roots?: boolean;
}

export interface StatsInput {
  sessions: readonly SessionInfo[];
  messages: Iterable<MessageInfo>;
  filters?: StatsFilters;
  groupBy: StatsGroupBy;
  /**
   * A second grouping inside each group (`groupBy: 'day', split: 'model'`: each day's spend by
   * model); each group's `split` adds up to the group, as the groups add up to the total.
   */
  split?: StatsGroupBy;
  /** IANA name, fixed offset or minutes east of UTC; default the process's zone. */
  timeZone?: TimeZoneSpec;
  /** Default: the bundled models.dev table. */
  prices?: PriceResolver;
  /** step-finish parts by message id (see `stepPartsByMessage`); without them usage is message-level. */
  steps?: ReadonlyMap<string, readonly PartMeta[]>;
  usage?: UsageLevel;
  /** For project labels. */
  projects?: readonly Pick<Project, 'id' | 'name' | 'worktree'>[];
}

export interface StatsResult {
  total: Figure;
  /** Time groups in time order; others by spend, largest first. */
  groups: StatsGroup[];
}

/**
 * Project id -> its name, or its folder's name (with as much of its path as tells two "alpha"s
 * apart). A project no agent listed (Claude Code's, pi's) is its sessions' folder.
 */
export function projectLabels(projects: StatsInput['projects'], sessions: readonly Pick<SessionInfo, 'projectID' | 'directory'>[] = []): Map<string, string> {
  const all = new Map((projects ?? []).map((p) => [p.id, p]));
  for (const s of sessions) if (!all.has(s.projectID)) all.set(s.projectID, { id: s.projectID, worktree: s.directory });
  const folders = distinctPathLabels([...all.values()].map((p) => p.worktree));
  const out = new Map<string, string>();
  for (const p of all.values()) out.set(p.id, projectLabel(p, folders));
  return out;
}

/**
 * Spend and usage over any slice of the data, grouped one way, in a single pass over the
 * messages. The groups always add up to the total.
 */
export function computeStats(input: StatsInput): StatsResult {
  const f = input.filters ?? {};
  const sessions = new Map(input.sessions.map((s) => [s.id, s]));
  const only = f.sessionIDs ? new Set(f.sessionIDs) : undefined;
  const subtree = f.subtreeOf ? subtreeSessionIDs(input.sessions, f.subtreeOf) : undefined;
  const agentKey = f.agent === undefined ? undefined : (agentOf(f.agent)?.key ?? '');
  const sessionFiltered = f.project !== undefined || f.source !== undefined || f.excludeArchived === true;
  const stats = createStatsAccumulator({ sessions: input.sessions, groupBy: input.groupBy, split: input.split, roots: f.roots, projects: input.projects, timeZone: input.timeZone });
  const options = { prices: input.prices ?? createPriceResolver(), steps: input.steps, usage: input.usage };
  const one = emptyFigure();
  for (const m of input.messages) {
    if (m.role !== 'assistant') continue;
    if (f.from !== undefined && m.time.created < f.from) continue;
    if (f.to !== undefined && m.time.created >= f.to) continue;
    if (only && !only.has(m.sessionID)) continue;
    if (subtree && !subtree.has(m.sessionID)) continue;
    if (f.providerID !== undefined && m.providerID !== f.providerID) continue;
    if (f.modelID !== undefined && m.modelID !== f.modelID) continue;
    if (agentKey !== undefined && (agentOf(m.agent ?? m.mode)?.key ?? '') !== agentKey) continue;
    if (sessionFiltered) {
      const s = sessions.get(m.sessionID);
      if (!s) continue;
      if (f.project !== undefined && s.projectID !== f.project) continue;
      if (f.source !== undefined && !matchesSource(s.source, f.source)) continue;
      if (f.excludeArchived && s.time.archived !== undefined) continue;
    }
    if (measureMessageInto(one, m, options)) stats.add(m, one);
  }
  return stats.result();
}
