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
        <table className="table compact" data-testid="opencode-servers">
          <thead>
            <tr>
              <th>Server</th>
              <th>How</th>
              <th>State</th>
              <th>Version</th>
              <th>Projects followed</th>
            </tr>
          </thead>
          <tbody>
            {servers.map((s) => (
              <tr key={s.url}>
                <td>
                  <code>{s.url}</code>
                </td>
                <td>{s.origin === 'flag' ? 'named' : 'found'}</td>
                <td title={s.error}>{STATE[s.state] ?? s.state}</td>
                <td>{s.version ?? '—'}</td>
                <td>
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
