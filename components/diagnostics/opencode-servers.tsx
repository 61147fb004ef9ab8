'use client';
import { Panel } from '@/components/ui/panel';
import { RelativeTime } from '@/components/ui/relative-time';
import type { Health } from '@/lib/view/api-types';

const STATE: Record<string, string> = { connected: 'following', connecting: 'connecting…', unreachable: 'not reachable' };

/** OpenCode servers followed beside the disk: named with --opencode-url or found on this machine. */
export function OpencodeServers({ live }: { live: Health['opencodeServers'] }) {
  const { servers, discovery } = live;
  return (
    <Panel title={`OpenCode servers (${servers.length})`} id="opencode-servers">
      <p className="muted">
        Streaming text, exact busy and retry, and approvals waiting for you come from OpenCode&apos;s own server; everything else is read from disk.{' '}
        {discovery.enabled ? (
          <>Local servers are looked for on their own{discovery.lastRun ? <> (last look <RelativeTime ms={discovery.lastRun} />)</> : null}.</>
        ) : (
          'Looking for local servers is off.'
        )}
      </p>
      {servers.length === 0 ? (
        <p data-testid="opencode-servers-none">No OpenCode server found: statuses come from disk alone (name one with --opencode-url).</p>
      ) : (
        <table className="table compact card-table" data-testid="opencode-servers">
          <thead>
            <tr>
              <th className="card-hide">Server</th>
              <th className="card-hide">How</th>
              <th className="card-hide">State</th>
              <th className="card-hide">Version</th>
              <th className="card-hide">Projects followed</th>
            </tr>
          </thead>
          <tbody>
            {servers.map((s) => (
              <tr key={s.url}>
                <td className="card-wide">
                  <code>{s.url}</code>
                </td>
                <td data-label="How">{s.origin === 'flag' ? 'named' : 'found'}</td>
                <td title={s.error} data-label="State">
                  {STATE[s.state] ?? s.state}
                  {s.state !== 'connected' && s.lastReachedAt ? (
                    <div className="muted small">
                      last reached <RelativeTime ms={s.lastReachedAt} />
                    </div>
                  ) : null}
                </td>
                <td data-label="Version">{s.version ?? '—'}</td>
                <td className="card-wide">
                  {s.directories.map((d) => (
                    <code key={d} className="block">
                      {d}
                    </code>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}
