import 'server-only';
import path from 'node:path';
import type { StatsGroupBy } from '@/lib/accounting/stats-grouping';
import { COST_UNRECORDED } from '@/lib/accounting/cost-recording';
import { matchesSource, SOURCE_KINDS } from '@/lib/model/source';
import { nextDay, startOfLocalDay } from '@/lib/reports/local-day';
import { reportJsonRow, type ReportJson } from '@/lib/reports/report-json';
import { reportRows, unrecordedCounts } from '@/lib/reports/report-rows';
import { reportTable } from '@/lib/reports/report-table';
import type { StatsQuery } from '@/lib/stats/stats-query';
import { sessionKindsQuery } from '../../../db/queries/session-kinds';
import { getProjects } from '../../../queries/get-projects';
import { getStats } from '../../../queries/get-stats';
import type { Store } from '../../../store/store';
import { UsageError, type ReportArgs } from './report-args';

const GROUPING: Record<Exclude<ReportArgs['kind'], 'blocks'>, { groupBy: StatsGroupBy; first: string }> = {
  daily: { groupBy: 'day', first: 'Day' },
  weekly: { groupBy: 'week', first: 'Week' },
  monthly: { groupBy: 'month', first: 'Month' },
  session: { groupBy: 'session', first: 'Session' },
};

/** A project named by id, name or folder (its last part or its whole path). */
export function resolveProject(store: Store, named: string): string {
  // The database's projects where it answers without a read (the store's lists are empty then).
  const projects = store.sessionDb?.usable ? store.sessionDb.projects() : getProjects(store);
  if (projects.some((p) => p.id === named)) return named;
  const matches = projects.filter((p) => ('name' in p && p.name === named) || p.worktree === named || path.basename(p.worktree) === named);
  if (matches.length === 1) return matches[0]!.id;
  if (matches.length === 0) throw new UsageError(`--project ${named}: no such project`);
  throw new UsageError(`--project ${named}: ${matches.length} projects go by that name; give one of their ids: ${matches.map((p) => `${p.id} (${p.worktree})`).join(', ')}`);
}

/** The kinds of session the history holds: agents it has none of need no query of their own. */
function kindsPresent(store: Store): Set<string> {
  const db = store.sessionDb;
  if (db?.usable) return new Set(db.db.all<{ kind: string }>(sessionKindsQuery('sqlite', db.sourceIds())).map((r) => r.kind));
  return new Set([...store.view.allSessions()].map((s) => s.source));
}

/** The stats query a report asks, as `/api/stats` would be asked it. */
export function reportStatsQuery(args: ReportArgs, groupBy: StatsGroupBy, project: string | undefined): StatsQuery {
  return {
    groupBy,
    split: args.breakdown ? 'model' : undefined,
    from: args.since === undefined ? undefined : startOfLocalDay(args.since, args.timeZone),
    to: args.until === undefined ? undefined : startOfLocalDay(nextDay(args.until), args.timeZone),
    project,
    source: args.source,
    roots: groupBy === 'session' ? true : undefined,
    timeZone: args.timeZone,
  };
}

/** daily, weekly, monthly and session reports: the dashboard's stats, as JSON or a table `width` wide (laid out only when asked: `--json` never prints it). */
export function periodReport(store: Store, args: ReportArgs & { kind: keyof typeof GROUPING }, width: number): { json: ReportJson; text(): string } {
  const { groupBy, first } = GROUPING[args.kind];
  const query = reportStatsQuery(args, groupBy, args.project === undefined ? undefined : resolveProject(store, args.project));
  const stats = getStats(store, query);
  // The same grouping asked of each agent that records no cost: how many of each row's messages it holds.
  const present = kindsPresent(store);
  const asked = (agent: (typeof COST_UNRECORDED)[number]) => SOURCE_KINDS.some((k) => matchesSource(k, agent) && present.has(k) && (args.source === undefined || matchesSource(k, args.source)));
  const unrecorded = COST_UNRECORDED.filter(asked).map((agent) => getStats(store, { ...query, source: agent }));
  const { rows, total } = reportRows(stats, unrecordedCounts(unrecorded));
  const json: ReportJson = {
    report: args.kind,
    timeZone: args.timeZone,
    filters: { since: args.since, until: args.until, source: args.source, project: args.project },
    complete: stats.complete,
    rows: rows.map(reportJsonRow),
    totals: reportJsonRow(total),
  };
  const warning = stats.complete ? [] : [`Incomplete: ${(stats.failedSources ?? []).map((s) => `${s.kind} ${s.path} (${s.reason})`).join('; ') || 'a source is still being read'}.`];
  return { json, text: () => [reportTable(first, rows, total, width), ...warning].join('\n') };
}
