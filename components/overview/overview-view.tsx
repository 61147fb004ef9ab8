'use client';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { ScopeSwitch } from '@/components/team/scope-switch';
import { TeamOverview } from '@/components/team/team-overview';
import { useTeamScope } from '@/components/team/use-team-scope';
import { QuickRanges } from '@/components/ui/quick-ranges';
import { overviewRange } from '@/lib/view/overview-range';
import { periodsAt } from '@/lib/view/periods';
import { QUICK_RANGES, quickRangeDays, type QuickRange } from '@/lib/view/quick-ranges';
import { ActiveBlock } from './active-block';
import { MonthView } from './month-view';
import { IndexStatus } from './index-status';
import { LiveNow } from './live-now';
import { PeriodStats } from './period-stats';
import { UsageOverTime } from './usage-over-time';
import { CostBreakdowns } from './cost-breakdowns';
import { RecentSessions } from './recent-sessions';
import { CostByModelPerDay } from './cost-by-model-per-day';
import { TotalsBySource } from './totals-by-source';
import { ActivityPanel } from './activity-panel';
import { useHealth } from './use-health';
import { useRecentSessions } from './use-recent-sessions';

const DEFAULT_RANGE: QuickRange = '30d';

export function OverviewView() {
  // Fixed for the page's life, so query keys stay stable; live events refresh the data.
  const [periods] = useState(() => periodsAt(Date.now()));
  // The charts' range lives in the URL (?range=7d): a reload, a bookmark or Back keeps it.
  const url = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const asked = url.get('range');
  const quick: QuickRange = QUICK_RANGES.find((r) => r === asked) ?? DEFAULT_RANGE;
  const setQuick = (next: QuickRange) => {
    const params = new URLSearchParams(url.toString());
    if (next === DEFAULT_RANGE) params.delete('range');
    else params.set('range', next);
    const query = params.toString();
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  };
  const range = overviewRange(quick, periods.todayStart + 12 * 3_600_000);
  const health = useHealth();
  const recent = useRecentSessions();
  const { team: teamView, scope } = useTeamScope();
  const rangeControl = (
    <div className="overview-range">
      {teamView && !teamView.teamOnly ? <ScopeSwitch scope={scope} /> : null}
      <span className="muted small">Charts:</span>
      <QuickRanges label="Chart range" value={quickRangeDays(quick, periods.todayStart + 12 * 3_600_000)} onChange={(_, r) => setQuick(r)} />
    </div>
  );
  if (teamView && scope === 'team') {
    return (
      <div className="page overview">
        <h1 className="sr-only">Team overview</h1>
        {rangeControl}
        <TeamOverview team={teamView} range={range} />
      </div>
    );
  }
  const h = health.data;
  if (h && h.index.phase === 'ready' && h.counts.sessions === 0) {
    // Nothing to chart: only say where we looked and what to do.
    return (
      <div className="page overview">
        <h1 className="sr-only">Overview</h1>
        {teamView ? rangeControl : null}
        <IndexStatus health={health} />
      </div>
    );
  }
  return (
    <div className="page overview">
      <h1 className="sr-only">Overview</h1>
      <IndexStatus health={health} />
      <LiveNow recent={recent} />
      <PeriodStats periods={periods} />
      <ActiveBlock />
      <MonthView now={periods.todayStart + 12 * 3_600_000} />
      {rangeControl}
      <UsageOverTime periods={periods} range={range} />
      <div className="grid-2">
        <CostByModelPerDay range={range} />
        <CostBreakdowns range={range} />
      </div>
      <ActivityPanel range={range} today={periods.todayStart + 12 * 3_600_000} />
      <TotalsBySource />
      <RecentSessions recent={recent} />
    </div>
  );
}
