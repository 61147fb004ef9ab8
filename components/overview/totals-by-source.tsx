'use client';
import Link from 'next/link';
import { useStats } from '@/components/charts/use-stats';
import { ErrorState } from '@/components/ui/error-state';
import { Loading } from '@/components/ui/loading';
import { Panel } from '@/components/ui/panel';
import { formatCost } from '@/lib/format/format-cost';
import { formatCompact } from '@/lib/format/format-tokens';
import { plural } from '@/lib/format/plural';
import { sourceTotals } from '@/lib/view/source-totals';
import { useSourceSessionCounts } from './use-source-session-counts';

/** Cost, tokens and sessions of each agent that wrote sessions (all time). */
export function TotalsBySource() {
  const stats = useStats('groupBy=source');
  const counts = useSourceSessionCounts();
  const rows = stats.data ? sourceTotals(stats.data.groups, counts) : [];
  return (
    <Panel title="By source (all time)" id="by-source">
      {stats.error ? <ErrorState what="totals by source (/api/stats)" error={stats.error} /> : null}
      {!stats.data && !stats.error ? <Loading what="totals by source" counting={stats.counting} /> : null}
      {stats.data && rows.length === 0 ? <p className="muted">No sessions yet.</p> : null}
      <ul className="bar-list source-totals" data-testid="totals-by-source">
        {rows.map((r) => (
          <li key={r.family ?? 'unknown'} data-source={r.family ?? ''}>
            <div className="bar-label">{r.family ? <Link href={`/sessions?source=${r.family}`}>{r.label}</Link> : <span className="muted">{r.label}</span>}</div>
            <div className="bar-track" aria-hidden>
              <div className="bar-fill" style={{ width: `${Math.max(r.cost > 0 ? 1 : 0, r.share * 100)}%` }} />
            </div>
            <div className="bar-value" data-col="cost">
              {r.costRecorded === 'none' ? <span className="muted" title="This agent records tokens, not a cost: see the API-price figure">not recorded</span> : formatCost(r.cost)}
            </div>
            <div className="bar-sub muted">
              <span data-col="sessions">{r.sessions === undefined ? '…' : plural(r.sessions, 'session')}</span> · <span data-col="tokens">{formatCompact(r.tokens)} tok</span>
              {r.computedCost > 0 ? ` · ${formatCost(r.computedCost)} at API prices` : ''}
            </div>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
