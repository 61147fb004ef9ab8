'use client';
import Link from 'next/link';
import { useNamePage } from './named-page';

/** The page for a path the dashboard does not have: said in its own words, with the way back. */
export function NotFoundView() {
  useNamePage('Page not found');
  return (
    <div className="page">
      <div className="empty-state" data-testid="not-found">
        <h1 className="page-title">Page not found</h1>
        <p>Sessionscope has no page at this address.</p>
        <p>
          <Link href="/">Overview</Link> · <Link href="/sessions">Sessions</Link> · <Link href="/search">Search</Link>
        </p>
      </div>
    </div>
  );
}
