'use client';
import { useState } from 'react';
import { periodsAt } from '@/lib/view/periods';
import { IndexStatus } from './index-status';
import { LiveNow } from './live-now';
import { PeriodStats } from './period-stats';
import { UsageOverTime } from './usage-over-time';
import { CostBreakdowns } from './cost-breakdowns';
import { RecentSessions } from './recent-sessions';
import { CostByModelPerDay } from './cost-by-model-per-day';
import { TotalsBySource } from './totals-by-source';
import { useHealth } from './use-health';
import { useRecentSessions } from './use-recent-sessions';

export function OverviewView() {
  // Fixed for the page's life, so query keys stay stable; live events refresh the data.
  const [periods] = useState(() => periodsAt(Date.now()));
  const health = useHealth();
  const recent = useRecentSessions();
  const h = health.data;
  if (h && h.index.phase === 'ready' && h.counts.sessions === 0) {
    // Nothing to chart: only say where we looked and what to do.
    return (
      <div className="page overview">
        <h1 className="sr-only">Overview</h1>
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
      <UsageOverTime periods={periods} />
      <div className="grid-2">
        <CostByModelPerDay periods={periods} />
        <CostBreakdowns periods={periods} />
      </div>
      <TotalsBySource />
      <RecentSessions recent={recent} />
    </div>
  );
}
