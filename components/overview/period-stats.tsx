'use client';
import { CostFigure } from '@/components/ui/cost-figure';
import { Stat } from '@/components/ui/stat';
import { ErrorState } from '@/components/ui/error-state';
import { Counting } from '@/components/ui/loading';
import { useStats } from '@/components/charts/use-stats';
import { formatPercent, formatTokens } from '@/lib/format/format-tokens';
import { plural } from '@/lib/format/plural';
import { sumDaysSince, type PeriodFigure, type Periods } from '@/lib/view/periods';

export function PeriodStats({ periods }: { periods: Periods }) {
  const days = useStats(`groupBy=day&from=${periods.monthStart}`);
  if (days.error) return <ErrorState what="spend totals (/api/stats)" error={days.error} hint="Spend totals need the stats API. If it answers 404, this Sessionscope build does not have it yet; sessions still work." />;
  const groups = days.data?.groups ?? [];
  const pending = days.counting ? <Counting /> : '…';
  const cell = (label: string, f: PeriodFigure | undefined, id: string) => (
    <>
      <Stat testId={`${id}-cost`} label={`${label}: cost`} value={f ? <CostFigure value={f} align="start" /> : pending} />
      <Stat
        testId={`${id}-tokens`}
        label={`${label}: tokens`}
        value={f ? formatTokens(f.tokens) : pending}
        detail={
          f ? (
            <>
              {plural(f.messages, 'reply', 'replies')} ·{' '}
              <span data-testid={`${id}-cache`} title="Cache hit ratio: cache reads / (input + cache reads)">
                {formatPercent(f.cacheHitRatio)} cache hits
              </span>
            </>
          ) : undefined
        }
      />
    </>
  );
  const loaded = Boolean(days.data);
  return (
    <div className="stats-row" aria-label="Spend today and this week">
      {cell('Today', loaded ? sumDaysSince(groups, periods.todayStart) : undefined, 'today')}
      {cell('This week', loaded ? sumDaysSince(groups, periods.weekStart) : undefined, 'week')}
      {cell('30 days', loaded ? sumDaysSince(groups, periods.monthStart) : undefined, 'month')}
    </div>
  );
}
