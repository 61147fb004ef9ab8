'use client';
import { ErrorState } from '@/components/ui/error-state';
import { Loading } from '@/components/ui/loading';
import { Panel } from '@/components/ui/panel';
import { RelativeTime } from '@/components/ui/relative-time';
import { formatCost } from '@/lib/format/format-cost';
import { baseName } from '@/lib/format/format-path';
import { plural } from '@/lib/format/plural';
import { TeamStatusBadge } from './team-status-badge';
import { useTeamSessions } from './use-team';

/**
 * Sessions across the team, newest activity first. Titles are not links: a session's messages and
 * text stay on its machine (only figures and metadata are published).
 */
export function TeamSessions({ title, id, params, empty }: { title: string; id: string; params: string; empty: string }) {
  const page = useTeamSessions(params);
  const sessions = page.data?.sessions ?? [];
  return (
    <Panel title={`${title}${page.data && page.data.total > 0 ? ` (${page.data.total.toLocaleString('en-US')})` : ''}`} id={id}>
      {page.error ? <ErrorState what="the team's sessions" error={page.error} /> : null}
      {!page.data && !page.error ? <Loading what="the team's sessions" /> : null}
      {page.data && sessions.length === 0 ? <p className="muted">{empty}</p> : null}
      {sessions.length > 0 ? (
        <ul className="live-list team-sessions" data-testid={id}>
          {sessions.map((s) => (
            <li key={`${s.machine}/${s.id}`} className="live-item" data-machine={s.machine} data-person={s.person}>
              <span className="team-who">
                <strong>{s.person}</strong>
                <span className="muted"> on {s.machine}</span>
              </span>
              <div className="live-main">
                <span className="live-title" title={s.title}>
                  {s.title || '(untitled)'}
                </span>
                <span className="activity">
                  {s.status ? (
                    <>
                      <TeamStatusBadge status={s.status} machine={s.machine} updated={s.updated} />{' '}
                    </>
                  ) : null}
                  {formatCost(s.cost)} · {s.source} · {baseName(s.directory)}
                </span>
              </div>
              <span className="muted small">{plural(s.messages, 'reply', 'replies')}</span>
              <span className="muted small">
                <RelativeTime ms={s.updated} />
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </Panel>
  );
}
