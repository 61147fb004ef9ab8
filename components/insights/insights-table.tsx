import type { InsightRow } from '@/lib/insights/insight-rows';
import { formatDuration } from '@/lib/format/format-duration';
import { formatCompact, formatCount, formatPercent } from '@/lib/format/format-tokens';

/** Per tool: calls, failures, durations. Per model or agent: replies and output speed first, then the calls they made. */
export function InsightsTable({ rows, by }: { rows: InsightRow[]; by: 'tool' | 'model' | 'agent' }) {
  const replies = by !== 'tool';
  const name = by === 'tool' ? 'Tool' : by === 'model' ? 'Model' : 'Agent';
  return (
    <table className="table compact card-table insights-table" data-testid="insights-table">
      <thead>
        <tr>
          <th scope="col">{name}</th>
          {replies ? (
            <>
              <th scope="col" className="num" title="Model replies (assistant messages)">Replies</th>
              <th scope="col" className="num">Output</th>
              <th scope="col" className="num" title="Output tokens per second, over the replies that record when they ended">Output tok/s</th>
              <th scope="col" className="num" title="Median time to first token, over the replies whose agent records it (oh-my-pi)">TTFT p50</th>
            </>
          ) : null}
          <th scope="col" className="num">Tool calls</th>
          <th scope="col" className="num" title="Failed calls (calls you turned down are not counted as failures)">Errors</th>
          <th scope="col" className="num" title="Median duration of the calls that recorded a start and an end">p50</th>
          <th scope="col" className="num" title="95th percentile duration">p95</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} data-key={r.key}>
            <td className="title-cell">{r.label}</td>
            {replies ? (
              <>
                <td className="num" data-label="Replies" data-col="steps">{formatCount(r.steps ?? 0)}</td>
                <td className="num" data-label="Output" data-col="output">{formatCompact(r.output ?? 0)}</td>
                <td className="num" data-label="Output tok/s" data-col="speed">{r.outputPerSecond === undefined ? '—' : formatCompact(r.outputPerSecond)}</td>
                <td className="num" data-label="TTFT p50" data-col="ttft">{formatDuration(r.ttftP50Ms)}</td>
              </>
            ) : null}
            <td className="num" data-label="Tool calls" data-col="calls">{formatCount(r.calls)}</td>
            <td className="num" data-label="Errors" data-col="errors">
              {r.errorRate === undefined ? '—' : `${formatCount(r.errors)} (${formatPercent(r.errorRate)})`}
              {r.rejected > 0 ? <span className="muted small"> · {formatCount(r.rejected)} turned down</span> : null}
            </td>
            <td className="num" data-label="p50" data-col="p50">{formatDuration(r.p50Ms)}</td>
            <td className="num" data-label="p95" data-col="p95">{formatDuration(r.p95Ms)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
