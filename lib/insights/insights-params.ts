import { SOURCE_FILTERS, type SourceFilter } from '@/lib/model/source';
import { dayStart, QUICK_RANGES, quickRangeDays, type QuickRange } from '@/lib/view/quick-ranges';
import { INSIGHT_DIMENSIONS, type InsightDimension } from './insights-query';

/** What the Tools & models page shows, as its URL keeps it (`?by=model&range=7d&source=claude&project=...`). */
export interface InsightsPageState {
  by: InsightDimension;
  range: QuickRange;
  source?: SourceFilter;
  project?: string;
}

export const DEFAULT_INSIGHTS_RANGE: QuickRange = '30d';

export function insightsStateFrom(url: URLSearchParams): InsightsPageState {
  const by = INSIGHT_DIMENSIONS.find((d) => d === url.get('by')) ?? 'tool';
  const range = QUICK_RANGES.find((r) => r === url.get('range')) ?? DEFAULT_INSIGHTS_RANGE;
  const source = SOURCE_FILTERS.find((s) => s === url.get('source'));
  const project = url.get('project') || undefined;
  return { by, range, ...(source ? { source } : {}), ...(project ? { project } : {}) };
}

/** The page's own URL query (defaults left out). */
export function insightsUrl(state: InsightsPageState): string {
  const params = new URLSearchParams();
  if (state.by !== 'tool') params.set('by', state.by);
  if (state.range !== DEFAULT_INSIGHTS_RANGE) params.set('range', state.range);
  if (state.source) params.set('source', state.source);
  if (state.project) params.set('project', state.project);
  return params.toString();
}

/** `GET /api/insights` parameters: the range as local midnight of its first day (ms), up to now. */
export function insightsApiParams(state: InsightsPageState, now: number): string {
  const params = new URLSearchParams({ by: state.by });
  const from = quickRangeDays(state.range, now).from;
  if (from !== undefined) params.set('from', String(dayStart(from)));
  if (state.source) params.set('source', state.source);
  if (state.project) params.set('project', state.project);
  return params.toString();
}
