import { Panel } from '@/components/ui/panel';
import { formatBytes } from '@/lib/format/format-bytes';
import type { Health } from '@/lib/view/api-types';

/** Where the session database is, how big, and whether a restart can answer from it before reading. */
export function SessionDatabase({ db }: { db: Health['sessionDatabase'] }) {
  return (
    <Panel title="Session database" id="session-database">
      {db === null ? (
        <p className="text-danger" data-testid="session-db-state">
          Not available: SQLite could not load, so figures are summed in memory and a restart reads everything again.
        </p>
      ) : (
        <>
          <p className="wrap-anywhere">
            {db.file ? (
              <>
                <code>{db.file}</code>
                {db.bytes !== null ? <span className="muted"> · {formatBytes(db.bytes)}</span> : null}
              </>
            ) : (
              <span>In memory (the cache folder could not hold it): a restart reads everything again.</span>
            )}
          </p>
          <p data-testid="session-db-state">
            {db.error ? (
              <span className="text-danger">Given up: {db.error}. Figures are summed in memory.</span>
            ) : db.current ? (
              'Holds every source whole: a restart answers the totals from it before reading anything.'
            ) : (
              <span className="muted">
                Not marked whole: a source changed or is being read, or cannot be checked cheaply (OpenCode&apos;s JSON folder). A restart reads the sources before its totals are complete.
              </span>
            )}
          </p>
          <p className="muted small">A cache: deleting it loses nothing; the next start fills it again. Never written beside the agents&apos; data.</p>
        </>
      )}
    </Panel>
  );
}
