'use client';
import { Panel } from '@/components/ui/panel';
import { RelativeTime } from '@/components/ui/relative-time';
import { SessionLink } from '@/components/ui/session-link';
import { StatusBadge } from '@/components/ui/status-badge';
import { ErrorState } from '@/components/ui/error-state';
import { Loading } from '@/components/ui/loading';
import { baseName } from '@/lib/format/format-path';
import { stillReading } from '@/lib/view/index-phase';
import { liveSessions } from '@/lib/view/live-sessions';
import { describeActivity } from '@/lib/view/status-view';
import type { RecentSessionsQuery } from './use-recent-sessions';

export function LiveNow({ recent }: { recent: RecentSessionsQuery }) {
  const live = recent.data ? liveSessions(recent.data.sessions) : [];
  return (
    <Panel title={`Right now${live.length ? ` (${live.length})` : ''}`} id="live-now">
      {recent.error ? <ErrorState what="sessions" error={recent.error} /> : null}
      {!recent.data && !recent.error ? <Loading what="sessions" /> : null}
      {recent.data && live.length === 0 ? (
        // Statuses come from messages: until they are read, "nothing running" would be a guess.
        <p className="muted">{stillReading(recent.data.index) ? 'Nothing running so far; still reading your history.' : 'Nothing running and nothing waiting for you.'}</p>
      ) : null}
      {live.length > 0 ? (
        <ul className="live-list" data-testid="live-list">
          {live.map((s) => (
            <li key={s.id} className={`live-item tone-${s.status.status}`} data-session-id={s.id}>
              <StatusBadge status={s.status} />
              <div className="live-main">
                <SessionLink session={s} className="live-title" />
                <span className="activity">{describeActivity(s.status)}</span>
              </div>
              <span className="muted small">{baseName(s.directory)}</span>
              <span className="muted small">
                <RelativeTime ms={s.status.lastWrite} />
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </Panel>
  );
}
