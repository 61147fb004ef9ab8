import Link from 'next/link';
import { RelativeTime } from '@/components/ui/relative-time';
import { SourceBadge } from '@/components/ui/source-badge';
import { hitHref } from '@/lib/search/search-links';
import { DOC_KIND_LABELS, type SearchHit } from '@/lib/search/search-types';
import { MarkedSnippet } from './marked-snippet';

/** One hit: the session it is in, what kind of text matched, when, and the passage with the match marked. */
export function SearchHitRow({ hit, compact = false, onOpen }: { hit: SearchHit; compact?: boolean; onOpen?: () => void }) {
  return (
    <Link href={hitHref(hit)} className={`search-hit${compact ? ' compact' : ''}`} data-testid="search-hit" data-part-id={hit.partID} onClick={onOpen}>
      <span className="search-hit-head">
        <span className="chip">{DOC_KIND_LABELS[hit.kind]}</span>
        <strong className="search-hit-title">{hit.sessionTitle || hit.sessionID}</strong>
        {compact ? null : <SourceBadge source={hit.source} />}
        <span className="muted small">
          <RelativeTime ms={hit.time} />
        </span>
      </span>
      <MarkedSnippet snippet={hit.snippet} />
    </Link>
  );
}
