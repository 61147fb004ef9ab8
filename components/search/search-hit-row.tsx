import Link from 'next/link';
import { RelativeTime } from '@/components/ui/relative-time';
import { SourceBadge } from '@/components/ui/source-badge';
import { hitHref } from '@/lib/search/search-links';
import { DOC_KIND_LABELS, type SearchHit } from '@/lib/search/search-types';
import { MarkedSnippet } from './marked-snippet';

/** One hit: the session it is in, what kind of text matched, when, and the passage with the match marked. */
/** `grouped`: under its session's title (search-hit-group.tsx), so without it. */
export function SearchHitRow({ hit, compact = false, grouped = false, onOpen }: { hit: SearchHit; compact?: boolean; grouped?: boolean; onOpen?: () => void }) {
  return (
    <Link href={hitHref(hit)} className={`search-hit${compact ? ' compact' : ''}`} data-testid="search-hit" data-part-id={hit.partID} onClick={onOpen}>
      <span className="search-hit-head">
        <span className="chip">{DOC_KIND_LABELS[hit.kind]}</span>
        {grouped ? <span className="spacer" /> : <strong className="search-hit-title">{hit.sessionTitle || hit.sessionID}</strong>}
        {compact || grouped ? null : <SourceBadge source={hit.source} />}
        <span className="muted small">
          <RelativeTime ms={hit.time} />
        </span>
      </span>
      <MarkedSnippet snippet={hit.snippet} />
    </Link>
  );
}
