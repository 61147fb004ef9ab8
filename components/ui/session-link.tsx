import Link from 'next/link';
import type { SessionSummary } from '@/lib/sessions/session-summary';
import { SessionTitle } from './session-title';

export function sessionHref(id: string): string {
  return `/sessions/${encodeURIComponent(id)}`;
}

export function SessionLink({ session, className }: { session: Pick<SessionSummary, 'id' | 'title' | 'firstPrompt'>; className?: string }) {
  return (
    <Link href={sessionHref(session.id)} className={className} data-session-link={session.id}>
      <SessionTitle session={session} />
    </Link>
  );
}
