import type { CallFigures, InsightRow, StepFigures } from './insight-rows';

export interface InsightGroup {
  key: string;
  label: string;
  calls?: CallFigures;
  steps?: StepFigures;
}

/**
 * The table's rows: rates worked out where they have a denominator (never a 0 % error rate for a
 * group without calls, never a speed for replies that do not record their end), busiest first.
 */
export function insightTable(groups: readonly InsightGroup[]): InsightRow[] {
  const rows = groups.map(({ key, label, calls, steps }): InsightRow => {
    const row: InsightRow = { key, label, calls: calls?.calls ?? 0, errors: calls?.errors ?? 0, rejected: calls?.rejected ?? 0 };
    if (calls && calls.calls > 0) row.errorRate = calls.errors / calls.calls;
    if (calls?.p50Ms !== undefined) row.p50Ms = calls.p50Ms;
    if (calls?.p95Ms !== undefined) row.p95Ms = calls.p95Ms;
    if (steps) {
      row.steps = steps.steps;
      row.output = steps.output;
      if (steps.timedMs > 0) row.outputPerSecond = (steps.timedOutput / steps.timedMs) * 1000;
      if (steps.ttftP50Ms !== undefined) row.ttftP50Ms = steps.ttftP50Ms;
    }
    return row;
  });
  return rows.sort((a, b) => (b.steps ?? 0) - (a.steps ?? 0) || b.calls - a.calls || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
