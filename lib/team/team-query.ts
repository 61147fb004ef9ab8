import { z } from 'zod';
import { SOURCE_FILTERS } from '@/lib/model/source';
import { STATS_GROUPINGS } from '@/lib/stats/stats-query';
import type { MarkedText } from '@/lib/search/search-types';
import { SESSION_STATUSES, type SessionStatus } from '@/lib/status/session-status';
import type { PublishedTextKind } from './published-text';

/** `?scope=team`: the team's database instead of this machine's (where `--team-db` names one). */
export const scopeSchema = z.object({ scope: z.enum(['machine', 'team']).default('machine') });
export type Scope = z.infer<typeof scopeSchema>['scope'];

/** What only the team view groups and filters by. */
export const TEAM_GROUPINGS = ['machine', 'person'] as const;
export type TeamGrouping = (typeof TEAM_GROUPINGS)[number];

const who = { machine: z.string().min(1).max(300).optional(), person: z.string().min(1).max(300).optional() };

/** `/api/stats?scope=team`: every stats parameter, and groupBy=machine|person, machine=, person=. */
export const teamStatsExtrasSchema = z
  .object({ groupBy: z.enum([...STATS_GROUPINGS, ...TEAM_GROUPINGS]).default('day'), split: z.string().optional(), ...who })
  .refine((q) => !(TEAM_GROUPINGS as readonly string[]).includes(q.groupBy) || q.split === undefined, { path: ['split'], message: 'not with groupBy=machine or person' });

const bool = z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/** `/api/sessions?scope=team`: the newest first (within each person or machine with `group=`), a page at a time. */
export const teamSessionsQuerySchema = z.object({
  ...who,
  source: z.enum(SOURCE_FILTERS).optional(),
  group: z.enum(TEAM_GROUPINGS).optional(),
  roots: bool.optional(),
  /** As its machine published it. */
  status: z.enum(SESSION_STATUSES).optional(),
  /** Only the sessions their machines published as live (busy, retrying, waiting for subagents or you, needing approval): what runs now. */
  live: bool.optional(),
  /** Only sessions with activity since this time (ms). */
  activeSince: z.coerce.number().int().nonnegative().optional(),
  q: z.string().max(500).optional(),
  /** Search: every word in the title, the folder, or a model or agent of its replies (what the team holds of a session). */
  text: z.string().trim().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  cursor: z.string().max(1000).optional(),
});
export type TeamSessionsQuery = z.infer<typeof teamSessionsQuerySchema>;

/** `/api/search?scope=team`: the team's sessions whose title, folder, models or agents hold every word of `q`. */
export const teamSearchQuerySchema = z
  .object({ q: z.string().trim().min(1).max(500), ...who, source: z.enum(SOURCE_FILTERS).optional(), limit: z.coerce.number().int().min(1).max(100).default(30), cursor: z.string().max(1000).optional() })
  .transform(({ q, ...rest }): TeamSessionsQuery => ({ ...rest, text: q }));

export interface TeamSessionRow {
  id: string;
  machine: string;
  person: string;
  source: string;
  title: string;
  directory: string;
  projectID: string;
  parentID?: string;
  created: number;
  updated: number;
  archived?: number;
  /** The status its machine's dashboard inferred when it last published; absent where none was published. */
  status?: SessionStatus;
  messages: number;
  /** provider/model of its replies, as this machine's list names them. */
  models: string[];
  agents: string[];
  /** USD as the agents stored it (team rows are not priced per session). */
  cost: number;
  tokens: { input: number; output: number; reasoning: number; cacheRead: number; cacheWrite: number };
}

export interface TeamSessionPage {
  scope: 'team';
  sessions: TeamSessionRow[];
  total: number;
  /** With `group=`: each person or machine on this page, with all its sessions that match (not only this page's). */
  groups?: TeamSessionGroup[];
  nextCursor?: string;
}

export interface TeamSessionGroup {
  key: string;
  sessions: number;
  /** USD as the agents stored it. */
  cost: number;
}

/** `GET /api/team/facets`: whom and which machines the team's filters offer. */
export interface TeamFacets {
  people: string[];
  machines: string[];
}

/** `GET /api/team/tools`: the team's tool calls per tool. */
export const teamToolsQuerySchema = z.object({ ...who, from: z.coerce.number().int().nonnegative().optional(), limit: z.coerce.number().int().min(1).max(200).default(20) });
export type TeamToolsQuery = z.infer<typeof teamToolsQuerySchema>;

export interface TeamToolRow {
  tool: string;
  calls: number;
  errors: number;
  /** Turned down by the person at a permission prompt. */
  rejected: number;
  /** People who called it. */
  people: number;
  /** Summed time of the calls with a start and an end (ms). */
  ms: number;
}

/** `GET /api/plans?scope=team`. */
export const teamPlansQuerySchema = z.object({ ...who, limit: z.coerce.number().int().min(1).max(1000).default(300) });
export type TeamPlansQuery = z.infer<typeof teamPlansQuerySchema>;

/** A machine's plan as the team database holds it: counts, never the items' text. */
export interface TeamPlanRow {
  machine: string;
  person: string;
  key: string;
  projectDir: string;
  name: string;
  /** The boulder work's status (active, completed, paused, abandoned); absent for a plan file no boulder names. */
  status?: string;
  /** The boulder's active work. */
  active: boolean;
  /** Absent where the plan file could not be read. */
  progress?: { done: number; total: number };
  started?: number;
  updated?: number;
  /** Sessions that worked on it. */
  sessions: number;
}

/** A passage of text a machine published (`--publish-text`) that a team search found. */
export interface TeamTextHit {
  machine: string;
  person: string;
  /** The SourceKind its session was read as. */
  source: string;
  sessionID: string;
  sessionTitle: string;
  messageID: string;
  /** Absent for a message's own error. */
  partID?: string;
  kind: PublishedTextKind;
  time: number;
  snippet: MarkedText;
  /** Its machine published only the start of this text (longer than its kind's cap). */
  cut: boolean;
}

/** What team search found in the published text, and who publishes text at all. */
export interface TeamTextResults {
  /** The machines whose text the team database holds: none means text stays on each machine. */
  publishedBy: string[];
  /** The newest matching passages first (the first page of a search only). */
  hits: TeamTextHit[];
  /** Matching passages, counted up to a cap (`totalCapped`: more). */
  total: number;
  totalCapped: boolean;
}

/** `/api/search?scope=team`: sessions whose metadata holds the words, and passages of published text that do. */
export interface TeamSearchPage extends TeamSessionPage {
  text?: TeamTextResults;
}
