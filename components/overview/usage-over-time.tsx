'use client';
import { useMemo, useState } from 'react';
import { Panel } from '@/components/ui/panel';
import { useNow } from '@/components/ui/use-now';
import { ErrorState } from '@/components/ui/error-state';
import { Loading } from '@/components/ui/loading';
import { DownloadLinks, statsDownload } from '@/components/ui/download-links';
import { TokenCostChart } from '@/components/charts/token-cost-chart';
import { CacheShareChart } from '@/components/charts/cache-share-chart';
import { useStats } from '@/components/charts/use-stats';
import { buildTimeSeries, type TimeUnit } from '@/lib/charts/time-series';
import type { Periods } from '@/lib/view/periods';

export function UsageOverTime({ periods }: { periods: Periods }) {
  const [unit, setUnit] = useState<TimeUnit>('day');
  const from = unit === 'day' ? periods.monthStart : periods.dayAgo;
  const params = `groupBy=${unit}&from=${from}`;
  const stats = useStats(params);
  const now = useNow(60_000);
  const rows = useMemo(() => (stats.data ? buildTimeSeries(stats.data.groups, unit, from, Math.max(now, from)) : []), [stats.data, unit, from, now]);
  const toggle = (
    <>
      <div className="segmented" role="group" aria-label="Range">
        <button type="button" aria-pressed={unit === 'day'} onClick={() => setUnit('day')}>
          30 days
        </button>
        <button type="button" aria-pressed={unit === 'hour'} onClick={() => setUnit('hour')}>
          24 hours
        </button>
      </div>
      <DownloadLinks href={statsDownload(params)} what={`tokens and cost per ${unit}`} testId="usage-download" />
    </>
  );
  return (
    <div className="grid-2 wide-left">
      <Panel title={`Tokens & cost ${unit === 'day' ? 'per day' : 'per hour'}`} actions={toggle} id="usage-chart">
        {stats.error ? <ErrorState what="usage over time (/api/stats)" error={stats.error} /> : null}
        {!stats.data && !stats.error ? <Loading what="usage" counting={stats.counting} /> : null}
        {stats.data ? <TokenCostChart rows={rows} xKey="label" costKey="cost" costName="Cost" altCost={{ key: 'apiCost', name: 'At API prices' }} label="Tokens by kind and cost over time" /> : null}
      </Panel>
      <Panel title="Cache reads & writes vs input" id="cache-chart">
        {stats.error ? <ErrorState what="cache use (/api/stats)" error={stats.error} /> : null}
        {stats.data ? <CacheShareChart rows={rows} xKey="label" label="Share of prompt tokens from cache over time" height={240} /> : null}
      </Panel>
    </div>
  );
}
