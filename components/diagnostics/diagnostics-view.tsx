'use client';
import { Panel } from '@/components/ui/panel';
import { ErrorState } from '@/components/ui/error-state';
import { Loading } from '@/components/ui/loading';
import { RelativeTime } from '@/components/ui/relative-time';
import { useHealth } from '@/components/overview/use-health';
import { formatCount } from '@/lib/format/format-tokens';
import { OpencodeServers } from './opencode-servers';
import { SessionDatabase } from './session-database';

export function DiagnosticsView() {
  const health = useHealth();
  if (health.error) return <ErrorState what="diagnostics (/api/health)" error={health.error} />;
  if (!health.data) return <Loading what="diagnostics" />;
  const h = health.data;
  return (
    <div className="page">
      <h1 className="page-title">Diagnostics</h1>
      <Panel title="Data sources" id="sources">
        <p>
          OpenCode data folder: <code>{h.opencodeDir}</code> {h.opencodeDirFound ? '' : <strong className="text-danger">(not found)</strong>}
        </p>
        {h.sqlite.available === false ? (
          <p className="text-danger wrap-anywhere" data-testid="sqlite-unavailable">
            {h.sqlite.error}
          </p>
        ) : null}
        <table className="table compact card-table">
          <thead>
            <tr>
              <th className="card-hide">Source</th>
              <th className="card-hide">Path</th>
              <th className="card-hide">Found</th>
              <th className="num card-hide">Sessions</th>
              <th className="num card-hide">Messages</th>
              <th className="num card-hide">Skipped</th>
            </tr>
          </thead>
          <tbody>
            {h.sources.map((s) => (
              <tr key={`${s.kind}:${s.path}`}>
                <td>
                  {s.kind}
                  {s.mode ? <div className="muted small">{s.mode}</div> : null}
                </td>
                <td className="card-wide">
                  <code>{s.path}</code>
                </td>
                <td data-label="Found">{s.found ? 'yes' : 'no'}</td>
                <td className="num" data-label="Sessions">
                  {formatCount(s.sessions)}
                </td>
                <td className="num" data-label="Messages">
                  {formatCount(s.messages)}
                </td>
                <td className="num" data-label="Skipped">
                  {formatCount(s.skipped)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="muted">
          Index: {h.index.phase} · {formatCount(h.counts.sessions)} sessions · {formatCount(h.counts.projects)} projects · {formatCount(h.counts.messages)} messages
        </p>
      </Panel>
      <SessionDatabase db={h.sessionDatabase} />
      {h.opencodeServers ? <OpencodeServers live={h.opencodeServers} /> : null}
      <Panel title={`Records skipped (${formatCount(h.skipped)})`} id="issues">
        {h.issues.length === 0 ? <p className="muted">Every record was read.</p> : null}
        <ul className="issue-list" data-testid="issue-list">
          {h.issues.map((i, n) => (
            <li key={`${i.path}:${n}`}>
              <code>{i.path}</code>
              <div className="small">
                <span className="chip subtle">{i.kind}</span> {i.reason} <span className="muted">· <RelativeTime ms={i.at} /></span>
              </div>
            </li>
          ))}
        </ul>
        {h.skipped > h.issues.length ? <p className="muted">Showing the first {h.issues.length}.</p> : null}
      </Panel>
    </div>
  );
}
