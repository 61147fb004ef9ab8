'use client';
import { useMemo, useState } from 'react';
import { Panel } from '@/components/ui/panel';
import { useNow } from '@/components/ui/use-now';
import { ErrorState } from '@/components/ui/error-state';
import { Loading } from '@/components/ui/loading';
import { DownloadLinks, statsDownload } from '@/components/ui/download-links';
import { StackedCostChart } from '@/components/charts/stacked-cost-chart';
import { useStats } from '@/components/charts/use-stats';
import { evenTicks } from '@/lib/charts/axis';
import { stackCostByDay, type CostBasis } from '@/lib/charts/cost-by-day-model';
import { fitRangeToData } from '@/lib/charts/time-series';
import { fromParam, type OverviewRange } from '@/lib/view/overview-range';
import { useNarrow } from '@/components/ui/use-narrow';

const BASES: { basis: CostBasis; label: string; title: string }[] = [
  { basis: 'stored', label: 'Recorded', title: 'Cost as the agent recorded it (subscriptions record $0)' },
  { basis: 'computed', label: 'API prices', title: 'The same tokens at models.dev API list prices; unpriced models are left out' },
];

export function CostByModelPerDay({ range }: { range: OverviewRange }) {
  const [basis, setBasis] = useState<CostBasis>('stored');
  const params = `groupBy=${range.unit}&split=model${fromParam(range)}`;
  const stats = useStats(params);
  const now = useNow(60_000);
  const data = useMemo(() => {
    if (!stats.data) return undefined;
    // The same start as the usage chart beside it (the first data), so both show the same ticks.
    const from = fitRangeToData(stats.data.groups, range.from, now).from;
    return stackCostByDay(stats.data.groups, basis, from, now, 5, range.unit);
  }, [stats.data, basis, range.from, range.unit, now]);
  const narrow = useNarrow();
  const ticks = useMemo(() => (data ? evenTicks(data.rows.map((r) => String(r.label)), narrow ? 5 : 8) : undefined), [narrow, data]);
  const actions = (
    <>
      <div className="segmented" role="group" aria-label="Which cost">
        {BASES.map((b) => (
          <button key={b.basis} type="button" aria-pressed={basis === b.basis} title={b.title} onClick={() => setBasis(b.basis)}>
            {b.label}
          </button>
        ))}
      </div>
      <DownloadLinks href={statsDownload(params)} what={`cost per ${range.unit} by model`} testId="model-days-download" />
    </>
  );
  const range_ = range.label.toLowerCase();
  return (
    <Panel title={`Cost per ${range.unit} by model (${range_})`} actions={actions} id="model-days">
      {stats.error ? <ErrorState what="cost per day by model (/api/stats)" error={stats.error} /> : null}
      {!data && !stats.error ? <Loading what="cost per day" counting={stats.counting} /> : null}
      {data && data.series.length === 0 ? <p className="muted">{basis === 'stored' ? `No recorded spend in this range (${range_}).` : `No priced usage in this range (${range_}).`}</p> : null}
      {data && data.series.length > 0 ? <StackedCostChart data={data} ticks={ticks} label={`${basis === 'stored' ? 'Recorded cost' : 'Cost at API prices'} per ${range.unit} stacked by model`} /> : null}
    </Panel>
  );
}
