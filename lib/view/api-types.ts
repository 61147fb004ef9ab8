import type { IndexPhase } from './index-phase';
// Wire shapes of the dashboard's API, for client views. Type-only imports: erased from bundles.
import type { TokenCounts } from '@/lib/model/tokens';
import type { SessionSummary } from '@/lib/sessions/session-summary';

export type { SessionDetail } from '@/lib/server/queries/get-session-detail';
export type { SessionSteps } from '@/lib/server/queries/get-session-steps';
export type { Health } from '@/lib/server/queries/get-health';
export type { ProjectSummary } from '@/lib/server/queries/get-projects';
export type { PlanSessionLink, PlansResponse, PlanWithSessions } from '@/lib/server/queries/get-plans';

export interface SessionsResponse {
  sessions: SessionSummary[];
  total: number;
  nextCursor?: string;
  /** The first read's progress: until `phase` is `ready`, session figures are partial. */
  index?: IndexPhase;
}

export interface StatsFigure {
  storedCost: number;
  computedCost: number;
  /** Messages whose agent records no cost (Codex CLI, Gemini CLI): `storedCost` says nothing of them (absent: 0). */
  unrecordedMessages?: number;
  unpricedMessages: number;
  /** `provider/model` of the unpriced messages; absent when all were priced. */
  unpricedModels?: string[];
  /** "provider/model (file)" priced from an opencode.json; absent when none. */
  configPriced?: string[];
  tokens: TokenCounts;
  messages: number;
  cacheHitRatio?: number;
}

export interface StatsGroup {
  key: string;
  label: string;
  figure: StatsFigure;
  /** With `split`: this group's parts, which add up to it. */
  split?: StatsGroup[];
}

export interface StatsResponse {
  total: StatsFigure;
  groups: StatsGroup[];
  /** False while the first index still runs: the figures are partial, show "counting…" instead. */
  complete: boolean;
}

export type StatsGroupBy = 'day' | 'hour' | 'week' | 'month' | 'model' | 'provider' | 'agent' | 'project' | 'session' | 'source';
