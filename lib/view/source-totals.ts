import { SOURCE_FAMILIES, SOURCE_FAMILY_LABELS, type SourceFamily } from '@/lib/model/source';
import type { StatsGroup } from '@/lib/view/api-types';
import { costRecordedIn } from '@/lib/view/cost-view';
import { figureTokens } from '@/lib/view/periods';

export interface SourceTotalRow {
  /** Undefined for spend of sessions no reader loaded (`groupBy=source` key ''). */
  family?: SourceFamily;
  label: string;
  /** Undefined while the count is loading. */
  sessions?: number;
  tokens: number;
  cost: number;
  /** Absent when every agent recorded its cost (see cost-view.ts). */
  costRecorded?: 'some' | 'none';
  computedCost: number;
  /** Share of the total stored cost, 0..1. */
  share: number;
}

const isFamily = (key: string): key is SourceFamily => (SOURCE_FAMILIES as readonly string[]).includes(key);

/**
 * One row per source that has sessions or spend (in family order), from `GET /api/stats?groupBy=source`
 * groups and per-family session counts. Sources with neither are left out.
 */
export function sourceTotals(groups: readonly StatsGroup[], sessionCounts: Partial<Record<SourceFamily, number>>): SourceTotalRow[] {
  const byKey = new Map(groups.map((g) => [g.key, g]));
  const total = groups.reduce((sum, g) => sum + g.figure.storedCost, 0);
  const row = (family: SourceFamily | undefined, group: StatsGroup | undefined): SourceTotalRow => ({
    ...(family ? { family } : {}),
    label: family ? SOURCE_FAMILY_LABELS[family] : (group?.label ?? '(unknown source)'),
    ...(family && sessionCounts[family] !== undefined ? { sessions: sessionCounts[family] } : {}),
    tokens: group ? figureTokens(group.figure) : 0,
    cost: group?.figure.storedCost ?? 0,
    ...(group && costRecordedIn(group.figure) ? { costRecorded: costRecordedIn(group.figure) } : {}),
    computedCost: group?.figure.computedCost ?? 0,
    share: total > 0 ? (group?.figure.storedCost ?? 0) / total : 0,
  });
  const rows = SOURCE_FAMILIES.filter((f) => byKey.has(f) || (sessionCounts[f] ?? 0) > 0).map((f) => row(f, byKey.get(f)));
  const orphan = groups.find((g) => !isFamily(g.key));
  if (orphan) rows.push(row(undefined, orphan));
  return rows;
}
