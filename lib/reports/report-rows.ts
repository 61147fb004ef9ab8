import type { StatsResult } from '@/lib/accounting/compute-stats';
import type { StatsGroup } from '@/lib/accounting/stats-grouping';
import type { Figure } from '@/lib/accounting/figure';
import { totalTokenCount, type TokenCounts } from '@/lib/model/tokens';

/** One line of a report: a period (or session) and, with `--breakdown`, its models under it. */
export interface ReportRow {
  key: string;
  label: string;
  messages: number;
  tokens: TokenCounts & { total: number };
  /**
   * USD as the agents recorded it; `null` where every message came from an agent that records no
   * cost (Codex CLI, Gemini CLI): "not recorded", never a false $0.
   */
  recordedCost: number | null;
  /** Some messages came from an agent that records no cost: `recordedCost` covers the others only. */
  recordedPartly: boolean;
  /** USD at API prices over the priced messages. */
  apiCost: number;
  /** Messages whose model has no known price (`apiCost` leaves them out). */
  unpricedMessages: number;
  unpricedModels: string[];
  models?: ReportRow[];
}

/** Messages of agents that record no cost, by group key and by `group key \u0000 split key`. */
export type UnrecordedCounts = ReadonlyMap<string, number>;

/** Adds up the same grouping asked of each agent that records no cost, into one lookup. */
export function unrecordedCounts(results: readonly StatsResult[]): Map<string, number> {
  const out = new Map<string, number>();
  const add = (key: string, n: number) => out.set(key, (out.get(key) ?? 0) + n);
  for (const result of results) {
    add('', result.total.messages);
    for (const group of result.groups) {
      add(group.key, group.figure.messages);
      for (const part of group.split ?? []) add(`${group.key}\u0000${part.key}`, part.figure.messages);
    }
  }
  return out;
}

function rowOf(key: string, label: string, figure: Figure, unrecorded: number): ReportRow {
  const none = figure.messages > 0 && unrecorded >= figure.messages;
  return {
    key,
    label,
    messages: figure.messages,
    tokens: { ...figure.tokens, total: totalTokenCount(figure.tokens) },
    recordedCost: none ? null : figure.storedCost,
    recordedPartly: !none && unrecorded > 0,
    apiCost: figure.computedCost,
    unpricedMessages: figure.unpricedMessages,
    unpricedModels: [...(figure.unpricedModels ?? [])],
  };
}

function groupRow(group: StatsGroup, unrecorded: UnrecordedCounts): ReportRow {
  const row = rowOf(group.key, group.label, group.figure, unrecorded.get(group.key) ?? 0);
  if (group.split) row.models = group.split.map((part) => rowOf(part.key, part.label, part.figure, unrecorded.get(`${group.key}\u0000${part.key}`) ?? 0));
  return row;
}

/** The stats' groups as report rows, and their total. */
export function reportRows(result: StatsResult, unrecorded: UnrecordedCounts): { rows: ReportRow[]; total: ReportRow } {
  return { rows: result.groups.map((g) => groupRow(g, unrecorded)), total: rowOf('total', 'Total', result.total, unrecorded.get('') ?? 0) };
}
