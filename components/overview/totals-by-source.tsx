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
      {!stats.data && !stats.error ? <Loading what="totals by source" /> : null}
      {stats.data && rows.length === 0 ? <p className="muted">No sessions yet.</p> : null}
      <table className="table compact" data-testid="totals-by-source">
        <tbody>
          {rows.map((r) => (
            <tr key={r.family ?? 'unknown'} data-source={r.family ?? ''}>
              <td>{r.family ? <Link href={`/sessions?source=${r.family}`}>{r.label}</Link> : <span className="muted">{r.label}</span>}</td>
              <td className="num muted" data-col="sessions">
                {r.sessions === undefined ? '' : plural(r.sessions, 'session')}
              </td>
              <td className="num" data-col="tokens">
                {formatCompact(r.tokens)} tok
              </td>
              <td className="share-cell" aria-hidden>
                <div className="bar-track">
                  <div className="bar-fill" style={{ width: `${r.share * 100}%` }} />
                </div>
              </td>
              <td className="num" data-col="cost" title={r.computedCost > 0 ? `${formatCost(r.computedCost)} at API prices` : undefined}>
                {formatCost(r.cost)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Panel>
  );
}
