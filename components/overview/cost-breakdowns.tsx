'use client';
import { useState } from 'react';
import { Panel } from '@/components/ui/panel';
import { ErrorState } from '@/components/ui/error-state';
import { Loading } from '@/components/ui/loading';
import { DownloadLinks, statsDownload } from '@/components/ui/download-links';
import { useStats } from '@/components/charts/use-stats';
import { costBreakdown } from '@/lib/charts/breakdown';
import { formatCompact } from '@/lib/format/format-tokens';
import { describeCost } from '@/lib/view/cost-view';
import { fromParam, type OverviewRange } from '@/lib/view/overview-range';

const DIMENSIONS = [
  { key: 'model', label: 'Model' },
  { key: 'agent', label: 'Agent' },
  { key: 'project', label: 'Project' },
] as const;

export function CostBreakdowns({ range }: { range: OverviewRange }) {
  const [by, setBy] = useState<(typeof DIMENSIONS)[number]['key']>('model');
  const params = `groupBy=${by}${fromParam(range)}`;
  const stats = useStats(params);
  const rows = stats.data ? costBreakdown(stats.data.groups, 8) : [];
  const tabs = (
    <>
      <div className="segmented" role="tablist" aria-label="Group cost by">
        {DIMENSIONS.map((d) => (
          <button key={d.key} type="button" role="tab" aria-selected={by === d.key} onClick={() => setBy(d.key)}>
            {d.label}
          </button>
        ))}
      </div>
      <DownloadLinks href={statsDownload(params)} what={`cost by ${by}`} testId="breakdown-download" />
    </>
  );
  return (
    <Panel title={`Cost by ${by} (${range.label.toLowerCase()})`} actions={tabs} id="breakdown">
      {stats.error ? <ErrorState what={`cost by ${by} (/api/stats)`} error={stats.error} /> : null}
      {!stats.data && !stats.error ? <Loading what="breakdown" counting={stats.counting} /> : null}
      {stats.data && rows.length === 0 ? <p className="muted">No spend in this range ({range.label.toLowerCase()}).</p> : null}
      <ul className="bar-list" data-testid={`breakdown-${by}`}>
        {rows.map((r) => (
          <li key={r.key}>
            <div className="bar-label" title={r.label}>
              {r.label}
            </div>
            <div className="bar-track" aria-hidden>
              <div className="bar-fill" style={{ width: `${Math.max(1, r.share * 100)}%` }} />
            </div>
            <div className="bar-value" title={describeCost(r).title}>
              {describeCost(r).stored}
            </div>
            <div className="bar-sub muted">{formatCompact(r.tokens)} tok</div>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
