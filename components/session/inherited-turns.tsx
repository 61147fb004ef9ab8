'use client';
import Link from 'next/link';
import { sessionHref } from '@/components/ui/session-link';
import { displayTitle } from '@/lib/sessions/display-title';
import type { SessionSummary } from '@/lib/sessions/session-summary';
import { inheritedTurns } from '@/lib/view/inherited-turns';
import { plural } from '@/lib/format/plural';
import { useSessionDetail } from './use-session-detail';

/**
 * A fork's first turns were made in its original and count there: folded above its own turns,
 * each a link to where it is in the original.
 */
export function InheritedTurns({ origin, forkCreated }: { origin: SessionSummary; forkCreated: number }) {
  const detail = useSessionDetail(origin.id);
  const turns = inheritedTurns((detail.data?.pages ?? []).flatMap((page) => page.turns), forkCreated);
  if (turns.length === 0) return null;
  const more = detail.hasNextPage ? ' (the latest of them)' : '';
  return (
    <details className="inherited-turns" data-testid="inherited-turns">
      <summary>
        {plural(turns.length, 'turn')}{more} before the fork, from <em>{displayTitle(origin).text}</em>: counted there, not here
      </summary>
      <ol>
        {turns.map((t, i) => (
          <li key={t.messageID ?? i}>
            <Link href={`${sessionHref(origin.id)}${t.messageID ? `?message=${encodeURIComponent(t.messageID)}` : ''}`}>{t.prompt || '(no text)'}</Link>
            {t.reply ? <p className="muted small">{t.reply}</p> : null}
          </li>
        ))}
      </ol>
    </details>
  );
}
