'use client';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatCount } from '@/lib/format/format-tokens';
import type { Health } from '@/lib/view/api-types';
import { ErrorState } from '@/components/ui/error-state';

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
      <h2>
        No OpenCode data found at <code>{h.opencodeDir}</code>; start with <code>--opencode-dir</code>
      </h2>
      <p>
        {h.opencodeDirFound ? 'The folder exists but holds no sessions.' : 'That folder does not exist.'} Point Sessionscope at the folder that holds{' '}
        <code>opencode.db</code> or <code>storage/</code>, for example:
      </p>
      <pre>npm start -- --opencode-dir ~/.local/share/opencode</pre>
      <p className="muted">Looked for:</p>
      <ul className="muted small">
        {h.sources.map((s) => (
          <li key={`${s.kind}:${s.path}`}>
            {s.kind}: <code>{s.path}</code> {s.found ? '(found, empty)' : '(missing)'}
          </li>
        ))}
      </ul>
    </div>
  );
}
