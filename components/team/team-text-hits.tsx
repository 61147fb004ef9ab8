import Link from 'next/link';
import { MarkedSnippet } from '@/components/search/marked-snippet';
import { RelativeTime } from '@/components/ui/relative-time';
import { SourceBadge } from '@/components/ui/source-badge';
import { hitHref } from '@/lib/search/search-links';
import { DOC_KIND_LABELS } from '@/lib/search/search-types';
import { SOURCE_KINDS, type SourceKind } from '@/lib/model/source';
import type { TeamTextHit } from '@/lib/team/team-query';

/**
 * Passages of the text machines published (`--publish-text`) that hold the words: what kind of text,
 * whose and on which machine, the session, and the passage marked. A hit of this machine opens its
 * transcript here; another machine's is read there (only the passage was published).
 */
export function TeamTextHits({ hits, here }: { hits: readonly TeamTextHit[]; here: (machine: string) => boolean }) {
  return (
    <ul className="search-results team-text-hits" data-testid="team-text-hits">
      {hits.map((hit) => {
        const body = (
          <>
            <span className="search-hit-head">
              <span className="chip">{DOC_KIND_LABELS[hit.kind]}</span>
              <strong className="search-hit-title">{hit.sessionTitle || hit.sessionID}</strong>
              {(SOURCE_KINDS as readonly string[]).includes(hit.source) ? <SourceBadge source={hit.source as SourceKind} /> : null}
              <span className="muted small team-text-who">
                {hit.person} on {hit.machine}
              </span>
              <span className="muted small">
                <RelativeTime ms={hit.time} />
              </span>
            </span>
            <MarkedSnippet snippet={hit.snippet} />
            {hit.cut ? <span className="muted small"> (its start only was published)</span> : null}
          </>
        );
        const key = `${hit.machine}/${hit.source}/${hit.sessionID}/${hit.messageID}/${hit.partID ?? ''}/${hit.kind}`;
        const data = { 'data-testid': 'team-text-hit', 'data-machine': hit.machine, 'data-person': hit.person, 'data-kind': hit.kind };
        return (
          <li key={key}>
            {here(hit.machine) ? (
              <Link href={hitHref(hit)} className="search-hit" {...data}>
                {body}
              </Link>
            ) : (
              <div className="search-hit" {...data}>
                {body}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
