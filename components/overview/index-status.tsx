'use client';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatCount } from '@/lib/format/format-tokens';
import type { Health } from '@/lib/view/api-types';
import { ErrorState } from '@/components/ui/error-state';
import { describeSource, sourceFlags } from '@/lib/view/source-report';

/** "indexing… N sessions" while the first read runs; the empty state when nothing was found. */
export function IndexStatus({ health }: { health: UseQueryResult<Health> }) {
  if (health.error) return <ErrorState what="the server status (/api/health)" error={health.error} />;
  const h = health.data;
  if (!h) return null;
  if (h.index.phase !== 'ready') {
    return (
      <div className="banner banner-info" role="status" data-testid="indexing">
        <span className="spinner" aria-hidden /> Indexing… {formatCount(h.index.sessions)} sessions, {formatCount(h.index.messages)} messages read so far
      </div>
    );
  }
  if (h.counts.sessions > 0) return null;
  return (
    <div className="empty-state" data-testid="empty-state">
      <h2>No sessions found</h2>
      <p>Sessionscope looked for each agent&apos;s sessions here:</p>
      <ul className="small" data-testid="sources-looked">
        {h.sources.map((s) => (
          <li key={`${s.kind}:${s.path}`}>{describeSource(s)}</li>
        ))}
      </ul>
      <p>Point it at the folders your agents write, for example:</p>
      <pre className="wrap-anywhere">npm start -- {sourceFlags(h.sources).map((flag) => `${flag} <folder>`).join(' ')}</pre>
    </div>
  );
}
