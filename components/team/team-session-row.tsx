import Link from 'next/link';
import { RelativeTime } from '@/components/ui/relative-time';
import { sessionHref } from '@/components/ui/session-link';
import { SourceBadge } from '@/components/ui/source-badge';
import { formatCost } from '@/lib/format/format-cost';
import { baseName } from '@/lib/format/format-path';
import { formatCompact, formatCount } from '@/lib/format/format-tokens';
import { SOURCE_KINDS, type SourceKind } from '@/lib/model/source';
import type { TeamSessionRow as Row } from '@/lib/team/team-query';
import { TeamStatusBadge } from './team-status-badge';

/**
 * One session of the team, naming its person and machine. Its transcript stays on its machine
 * (only figures and metadata are published), so the title opens it only where that machine is this one.
 */
export function TeamSessionRow({ session: s, here, matched }: { session: Row; here: boolean; matched?: readonly string[] }) {
  const title = s.title || '(untitled)';
  const models = s.models.join(', ');
  const tokens = s.tokens.input + s.tokens.output + s.tokens.reasoning + s.tokens.cacheRead + s.tokens.cacheWrite;
  return (
    <tr data-session-id={s.id} data-machine={s.machine} data-person={s.person} data-status={s.status}>
      <td>
        <TeamStatusBadge status={s.status} machine={s.machine} updated={s.updated} />
      </td>
      <td className="team-who-cell" title={`${s.person} on ${s.machine}`}>
        <strong>{s.person}</strong>
        <span className="muted"> on {s.machine}</span>
      </td>
      <td className="title-cell" title={title}>
        {s.parentID ? <span className="muted" title="Subagent session">↳ </span> : null}
        {(SOURCE_KINDS as readonly string[]).includes(s.source) ? (
          <>
            <SourceBadge source={s.source as SourceKind} />{' '}
          </>
        ) : null}
        {here ? (
          <Link href={sessionHref(s.id)} data-session-link={s.id}>
            {title}
          </Link>
        ) : (
          <>
            <span data-team-title>{title}</span>
            <span className="muted small" data-testid="transcript-elsewhere">
              {' '}
              · transcript on {s.machine}
            </span>
          </>
        )}
        {matched && matched.length > 0 ? (
          <span className="muted small" data-testid="team-matched">
            {' '}
            · matches its {matched.join(', ')}
          </span>
        ) : null}
      </td>
      <td className="muted ellipsis project-cell card-hide" title={s.directory}>
        {baseName(s.directory)}
      </td>
      <td className="ellipsis models-cell muted card-hide hide-below-1200" title={models} data-col="models">
        {models}
      </td>
      <td className="num card-hide" data-col="messages">
        {formatCount(s.messages)}
      </td>
      <td className="num card-hide hide-below-900" data-col="tokens" title={formatCount(tokens)}>
        {formatCompact(tokens)}
      </td>
      <td className="num" data-col="cost" title="As recorded by the agent">
        {formatCost(s.cost)}
      </td>
      <td className="num muted card-end" data-col="last-activity">
        <RelativeTime ms={s.updated} />
      </td>
    </tr>
  );
}
