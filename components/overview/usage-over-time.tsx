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
import { evenTicks } from '@/lib/charts/axis';
import { buildTimeSeries, fitRangeToData, hasUsage, timeLabel, type TimeUnit } from '@/lib/charts/time-series';
import { localDayKey } from '@/lib/format/format-time';
import { fromParam, type OverviewRange } from '@/lib/view/overview-range';
import type { Periods } from '@/lib/view/periods';
import { useNarrow } from '@/components/ui/use-narrow';

export function UsageOverTime({ periods, range }: { periods: Periods; range: OverviewRange }) {
  const [hourly, setHourly] = useState(false);
  const unit: TimeUnit = hourly ? 'hour' : range.unit;
  const params = hourly ? `groupBy=hour&from=${periods.dayAgo}` : `groupBy=${unit}${fromParam(range)}`;
  const stats = useStats(params);
  const now = useNow(60_000);
  const fit = useMemo(() => (stats.data && !hourly ? fitRangeToData(stats.data.groups, range.from, now) : undefined), [stats.data, hourly, range.from, now]);
  const from = hourly ? periods.dayAgo : (fit?.from ?? range.from ?? now);
  const rows = useMemo(() => (stats.data ? buildTimeSeries(stats.data.groups, unit, from, Math.max(now, from)) : []), [stats.data, unit, from, now]);
  // Both charts of the row (and the cost-by-model chart below) show the same date ticks.
  const narrow = useNarrow();
  const ticks = useMemo(() => evenTicks(rows.map((r) => r.label), narrow ? 5 : 8), [narrow, rows]);
  const toggle = (
    <>
      <div className="segmented" role="group" aria-label="Range">
        <button type="button" aria-pressed={!hourly} onClick={() => setHourly(false)}>
          {range.label}
        </button>
        <button type="button" aria-pressed={hourly} onClick={() => setHourly(true)}>
          24 hours
        </button>
      </div>
      <DownloadLinks href={statsDownload(params)} what={`tokens and cost per ${unit}`} testId="usage-download" />
    </>
  );
  const used = hasUsage(rows);
  const none = `No usage in this range (${hourly ? 'the last 24 hours' : range.label.toLowerCase()}).`;
  // The chosen range stays in words when the chart starts later, at the first data.
  const firstKey = fit ? localDayKey(fit.from) : '';
  const fitted =
    fit?.fitted && range.from !== undefined ? (
      <p className="muted small" data-testid="usage-fitted">
        {range.label}: usage starts {timeLabel(unit === 'month' ? firstKey.slice(0, 7) : firstKey)}, so the chart starts there.
      </p>
    ) : null;
  return (
    <div className="grid-2 wide-left">
      <Panel title={`Tokens & cost per ${unit}`} actions={toggle} id="usage-chart">
        {stats.error ? <ErrorState what="usage over time (/api/stats)" error={stats.error} /> : null}
        {!stats.data && !stats.error ? <Loading what="usage" counting={stats.counting} /> : null}
        {fitted}
        {stats.data && !used ? <p className="muted" data-testid="usage-none">{none}</p> : null}
        {stats.data && used ? <TokenCostChart rows={rows} xKey="label" costKey="cost" costName="Cost" altCost={{ key: 'apiCost', name: 'At API prices' }} label="Tokens by kind and cost over time" ticks={ticks} /> : null}
      </Panel>
      <Panel title="Cache reads & writes vs input" id="cache-chart">
        {stats.error ? <ErrorState what="cache use (/api/stats)" error={stats.error} /> : null}
        {stats.data && !used ? <p className="muted">{none}</p> : null}
        {stats.data && used ? <CacheShareChart rows={rows} xKey="label" label="Share of prompt tokens from cache over time" height={240} ticks={ticks} /> : null}
      </Panel>
    </div>
  );
}
