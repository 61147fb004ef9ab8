import Link from 'next/link';
import type { SessionSummary } from '@/lib/sessions/session-summary';

export function sessionHref(id: string): string {
  return `/sessions/${encodeURIComponent(id)}`;
}

export function SessionLink({ session, className }: { session: Pick<SessionSummary, 'id' | 'title'>; className?: string }) {
  return (
    <Link href={sessionHref(session.id)} className={className} data-session-link={session.id}>
      {session.title || '(untitled session)'}
    </Link>
  );
}
