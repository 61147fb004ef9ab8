'use client';
import { useMemo, useState } from 'react';
import { Panel } from '@/components/ui/panel';
import { useNow } from '@/components/ui/use-now';
import { ErrorState } from '@/components/ui/error-state';
import { Loading } from '@/components/ui/loading';
import { DownloadLinks, statsDownload } from '@/components/ui/download-links';
import { StackedCostChart } from '@/components/charts/stacked-cost-chart';
import { useStats } from '@/components/charts/use-stats';
import { stackCostByDay, type CostBasis } from '@/lib/charts/cost-by-day-model';
import type { Periods } from '@/lib/view/periods';

const BASES: { basis: CostBasis; label: string; title: string }[] = [
  { basis: 'stored', label: 'Recorded', title: 'Cost as the agent recorded it (subscriptions record $0)' },
  { basis: 'computed', label: 'API prices', title: 'The same tokens at models.dev API list prices; unpriced models are left out' },
];

export function CostByModelPerDay({ periods }: { periods: Periods }) {
  const [basis, setBasis] = useState<CostBasis>('stored');
  const params = `groupBy=day&split=model&from=${periods.monthStart}`;
  const stats = useStats(params);
  const now = useNow(60_000);
  const data = useMemo(() => (stats.data ? stackCostByDay(stats.data.groups, basis, periods.monthStart, now) : undefined), [stats.data, basis, periods.monthStart, now]);
  const actions = (
    <>
      <div className="segmented" role="group" aria-label="Which cost">
        {BASES.map((b) => (
          <button key={b.basis} type="button" aria-pressed={basis === b.basis} title={b.title} onClick={() => setBasis(b.basis)}>
            {b.label}
          </button>
        ))}
      </div>
      <DownloadLinks href={statsDownload(params)} what="cost per day by model" testId="model-days-download" />
    </>
  );
  return (
    <Panel title="Cost per day by model (30 days)" actions={actions} id="model-days">
      {stats.error ? <ErrorState what="cost per day by model (/api/stats)" error={stats.error} /> : null}
      {!data && !stats.error ? <Loading what="cost per day" counting={stats.counting} /> : null}
      {data && data.series.length === 0 ? <p className="muted">{basis === 'stored' ? 'No recorded spend in the last 30 days.' : 'No priced usage in the last 30 days.'}</p> : null}
      {data && data.series.length > 0 ? <StackedCostChart data={data} label={`${basis === 'stored' ? 'Recorded cost' : 'Cost at API prices'} per day stacked by model`} /> : null}
    </Panel>
  );
}
