import Link from 'next/link';
import { sessionHref } from '@/components/ui/session-link';
import { SourceBadge } from '@/components/ui/source-badge';
import type { SearchHitGroup } from '@/lib/view/search-groups';
import { plural } from '@/lib/format/plural';
import { SearchHitRow } from './search-hit-row';

/** One session's hits under its title: the passages that matched, each once. */
export function SearchHitGroupView({ group }: { group: SearchHitGroup }) {
  const { first, hits } = group;
  const plan = first.kind === 'plan';
  return (
    <li className="search-group" data-testid="search-group" data-session-id={group.sessionID}>
      <div className="search-group-head">
        {plan ? <strong className="search-hit-title">{first.sessionTitle}</strong> : <Link href={sessionHref(group.sessionID)} className="search-hit-title">{first.sessionTitle || group.sessionID}</Link>}
        {plan ? null : <SourceBadge source={first.source} />}
        <span className="muted small">{plural(hits.length, 'match', 'matches')}</span>
      </div>
      <ol className="search-results">
        {hits.map((hit, i) => (
          <li key={`${hit.partID ?? hit.kind}:${i}`}>
            <SearchHitRow hit={hit} grouped />
          </li>
        ))}
      </ol>
    </li>
  );
}
