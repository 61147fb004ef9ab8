import { toCsv, type CsvCell } from '@/lib/export/to-csv';
import type { SessionSummary } from './session-summary';
import type { Spend } from './spend';

const iso = (ms: number) => (Number.isFinite(ms) && ms > 0 ? new Date(ms).toISOString() : '');
const list = (values: readonly string[]) => values.join('; ');

const SPEND_HEADER = ['stored_cost_usd', 'cost_recorded', 'computed_cost_usd', 'unpriced_models', 'input', 'output', 'reasoning', 'cache_read', 'cache_write', 'cache_hit_ratio'];
const spendCells = (s: Spend): CsvCell[] => [
  s.cost, s.costRecorded ?? 'all', s.computedCost, list(s.unpricedModels), s.tokens.input, s.tokens.output, s.tokens.reasoning, s.tokens.cacheRead, s.tokens.cacheWrite, s.cacheHitRatio ?? '',
];

const HEADER = [
  'id', 'title', 'parent_id', 'project_id', 'project', 'directory', 'source', 'status', 'archived',
  'created', 'first_activity', 'last_activity', 'turns', 'messages', 'models', 'agents',
  ...SPEND_HEADER,
  'context_used_tokens', 'context_limit_tokens', 'context_use_ratio', 'context_model',
  'subagent_sessions', ...SPEND_HEADER.map((h) => `with_subagents_${h}`),
];

/**
 * The session table as CSV, one row per session: own spend, then spend with subagents. An unknown
 * context limit leaves the limit and ratio empty (never 0); unpriced models are listed by name.
 */
export function sessionsToCsv(sessions: readonly SessionSummary[], projectNames: ReadonlyMap<string, string> = new Map()): string {
  const rows = sessions.map((s): CsvCell[] => [
    s.id, s.title, s.parentID, s.projectID, projectNames.get(s.projectID), s.directory, s.source, s.status.status, s.archived,
    iso(s.time.created), iso(s.firstActivity), iso(s.lastActivity), s.turnCount, s.messageCount, list(s.models), list(s.agents),
    ...spendCells(s),
    s.contextUse?.used, s.contextUse?.limit, s.contextUse?.ratio, s.contextUse?.model,
    s.total.sessionCount - 1, ...spendCells(s.total),
  ]);
  return toCsv(HEADER, rows);
}
