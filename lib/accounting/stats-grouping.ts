import type { MessageInfo } from '@/lib/model/message';
import type { SessionInfo } from '@/lib/model/session';
import { SOURCE_FAMILY_LABELS, sourceFamilyOf } from '@/lib/model/source';
import { normaliseAgentName, type AgentName } from './agent-name';
import { emptyFigure, type Figure } from './figure';
import { mondayOfIsoWeek, type TimeKeyer } from './time-keys';

export type StatsGroupBy = 'day' | 'hour' | 'week' | 'month' | 'model' | 'provider' | 'agent' | 'project' | 'session' | 'source';

export interface StatsGroup {
  key: string;
  label: string;
  figure: Figure;
  /** With a second grouping (`split`): this group's messages grouped again; they add up to `figure`. */
  split?: StatsGroup[];
}

const TIME_GROUPINGS: ReadonlySet<StatsGroupBy> = new Set(['day', 'hour', 'week', 'month']);

/** Time groups in time order; others by spend, largest first (ties by key). */
export function sortGroups(groups: StatsGroup[], groupBy: StatsGroupBy): StatsGroup[] {
  if (TIME_GROUPINGS.has(groupBy)) return groups.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return groups.sort((a, b) => spendOf(b.figure) - spendOf(a.figure) || (a.key < b.key ? -1 : 1));
}

/** What "largest" means when ranking groups: the higher of stored and computed cost. */
function spendOf(f: Figure): number {
  return Math.max(f.storedCost, f.computedCost);
}

/** What groupings read of a session. */
export type GroupedSession = Pick<SessionInfo, 'id' | 'source' | 'projectID' | 'directory' | 'parentID' | 'title'>;

export interface GroupingContext {
  groupBy: StatsGroupBy;
  sessions: ReadonlyMap<string, GroupedSession>;
  /** sessionID -> root sessionID, set when subagent spend goes under its root session. */
  roots?: ReadonlyMap<string, string>;
  projectLabels: ReadonlyMap<string, string>;
  time: TimeKeyer;
}

const NO_VALUE = '';
const agentCache = new Map<string, AgentName | undefined>();

/** Normalised agent name, cached: a few dozen distinct raw names cover 100K messages. */
export function agentOf(raw: string | undefined): AgentName | undefined {
  if (raw === undefined) return undefined;
  if (!agentCache.has(raw)) agentCache.set(raw, normaliseAgentName(raw));
  return agentCache.get(raw);
}

function basename(path: string): string {
  const parts = path.split(/[\\/]/).filter(Boolean);
  return parts[parts.length - 1] ?? path;
}

/** Finds or creates the group a message belongs to. Keys are ids (or '' for none), never labels. */
export function createGrouper(ctx: GroupingContext): {
  groupOf(message: MessageInfo): StatsGroup;
  groups: Map<string, StatsGroup>;
} {
  const groups = new Map<string, StatsGroup>();
  const byModel = new Map<string, Map<string, StatsGroup>>();
  const make = (key: string, label: string): StatsGroup => {
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { key, label, figure: emptyFigure() }));
    return group;
  };

  // Labels are only worked out when a group is created; the hot path is one or two map lookups.
  function groupOf(m: MessageInfo): StatsGroup {
    switch (ctx.groupBy) {
      case 'day': {
        const key = ctx.time.day(m.time.created);
        return groups.get(key) ?? make(key, key);
      }
      case 'hour': {
        const key = ctx.time.hour(m.time.created);
        return groups.get(key) ?? make(key, `${key.replace('T', ' ')}:00`);
      }
      case 'week': {
        const key = ctx.time.week(m.time.created);
        return groups.get(key) ?? make(key, `${key} (from ${mondayOfIsoWeek(key)})`);
      }
      case 'month': {
        const key = ctx.time.month(m.time.created);
        return groups.get(key) ?? make(key, key);
      }
      case 'provider': {
        const key = m.providerID ?? NO_VALUE;
        return groups.get(key) ?? make(key, m.providerID ?? '(unknown provider)');
      }
      case 'model': {
        // Nested maps, so no "provider/model" string is built per message.
        const provider = m.providerID ?? NO_VALUE;
        const model = m.modelID ?? NO_VALUE;
        let models = byModel.get(provider);
        if (!models) byModel.set(provider, (models = new Map()));
        let group = models.get(model);
        if (!group) {
          group = make(`${provider}/${model}`, `${m.modelID ?? '(unknown model)'} (${m.providerID ?? 'unknown provider'})`);
          models.set(model, group);
        }
        return group;
      }
      case 'agent': {
        const agent = agentOf(m.agent ?? m.mode);
        const key = agent?.key ?? NO_VALUE;
        const group = groups.get(key) ?? make(key, agent?.label ?? '(no agent)');
        // One agent written in two cases ("Sisyphus", "SISYPHUS") is one group, named by the same
        // spelling in whatever order its messages come (the session database's rows or memory's).
        if (agent && agent.label !== group.label && agent.label < group.label) group.label = agent.label;
        return group;
      }
      case 'project': {
        const session = ctx.sessions.get(m.sessionID);
        const key = session?.projectID ?? NO_VALUE;
        return groups.get(key) ?? make(key, ctx.projectLabels.get(key) ?? (session ? basename(session.directory) : '(unknown project)'));
      }
      case 'session': {
        const key = ctx.roots?.get(m.sessionID) ?? m.sessionID;
        return groups.get(key) ?? make(key, ctx.sessions.get(key)?.title || key);
      }
      case 'source': {
        // By family: which OpenCode store a session was read from is a storage detail.
        const kind = ctx.sessions.get(m.sessionID)?.source;
        const family = kind ? sourceFamilyOf(kind) : undefined;
        const key = family ?? NO_VALUE;
        return groups.get(key) ?? make(key, family ? SOURCE_FAMILY_LABELS[family] : '(unknown source)');
      }
    }
  }
  return { groupOf, groups };
}
