'use client';
import { useRouter } from 'next/navigation';
import { useCallback, useMemo, useRef, useState } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { DownloadLinks } from '@/components/ui/download-links';
import { Loading } from '@/components/ui/loading';
import { sessionHref } from '@/components/ui/session-link';
import { useListKeys } from '@/components/ui/use-list-keys';
import { formatCount } from '@/lib/format/format-tokens';
import { stillCounting } from '@/lib/view/index-phase';
import { exportSessionsHref, hasFilters, writeTableQuery, DEFAULT_TABLE_QUERY, type TableQuery } from '@/lib/view/table-query';
import { SessionRow } from './session-row';
import { SessionsTableHead } from './sessions-table-head';
import { useFilterOptions } from './use-filter-options';
import { PAGE_SIZE, useSessionPage } from './use-session-pages';

/**
 * Keyset pages of 200 sessions, drawn whole: the page scrolls as one (no box with its own
 * scrollbar), and on a phone each row is a card.
 */
export function SessionsTable({ query, setQuery }: { query: TableQuery; setQuery: (q: TableQuery) => void }) {
  // cursors[i] opens page i; page 0 has none.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  // A new filter or sort starts again at the first page.
  const filterKey = writeTableQuery(query);
  const [cursorsFor, setCursorsFor] = useState(filterKey);
  if (cursorsFor !== filterKey) {
    setCursorsFor(filterKey);
    setCursors([undefined]);
  }
  const pageIndex = cursors.length - 1;
  const page = useSessionPage(query, cursors[pageIndex]);
  const router = useRouter();
  const { projects, sources } = useFilterOptions();
  const projectLabels = useMemo(() => new Map(projects.map((p) => [p.id, p.label])), [projects]);
  const sessions = useMemo(() => page.data?.sessions ?? [], [page.data]);
  const total = page.data?.total ?? 0;
  const tableRef = useRef<HTMLTableElement>(null);
  // The source badge tells sessions apart only when more than one agent wrote them.
  const showSource = sources.length > 1 && !query.source;
  // An empty column is width a title needs.
  const showAgents = sessions.some((s) => s.agents.length > 0);

  const open = useCallback((i: number) => sessions[i] && router.push(sessionHref(sessions[i].id)), [sessions, router]);
  const move = useCallback((i: number) => tableRef.current?.querySelectorAll('tbody tr')[i]?.scrollIntoView({ block: 'nearest' }), []);
  const [selected, setSelected] = useListKeys(sessions.length, open, move);
  const goTo = (next: (string | undefined)[]) => {
    setCursors(next);
    setSelected(-1);
    tableRef.current?.scrollIntoView({ block: 'start' });
  };

  if (page.error) return <ErrorState what="sessions" error={page.error} />;
  if (!page.data) return <Loading what="sessions" />;

  const first = pageIndex * PAGE_SIZE;
  const counting = stillCounting(page.data.index);
  const pager = (
    <div className="pager">
      <span data-testid="sessions-total">
        {total > sessions.length ? `${formatCount(first + 1)}–${formatCount(first + sessions.length)} of ` : ''}
        {formatCount(total)} session{total === 1 ? '' : 's'}
        {page.isFetching ? ' · updating…' : ''}
      </span>
      {pageIndex > 0 ? (
        <button type="button" className="link-button" onClick={() => goTo(cursors.slice(0, -1))}>
          ← Newer page
        </button>
      ) : null}
      {page.data.nextCursor ? (
        <button type="button" className="link-button" onClick={() => goTo([...cursors, page.data?.nextCursor])}>
          Next page →
        </button>
      ) : null}
      <DownloadLinks href={(format) => exportSessionsHref(query, format)} what={`all ${formatCount(total)} sessions of this view`} testId="sessions-download" />
    </div>
  );
  if (total === 0) {
    return (
      <div className="empty-state small">
        <p>{hasFilters(query) ? 'No sessions match these filters.' : 'No sessions found.'}</p>
        {hasFilters(query) ? (
          <button type="button" className="link-button" onClick={() => setQuery({ ...DEFAULT_TABLE_QUERY })}>
            Clear filters
          </button>
        ) : null}
      </div>
    );
  }
  return (
    <>
      {pager}
      <div className="table-box">
        <table className="table sessions-table card-table" data-testid="sessions-table" ref={tableRef}>
          <SessionsTableHead query={query} setQuery={setQuery} showAgents={showAgents} />
          <tbody>
            {sessions.map((s, i) => (
              <SessionRow key={s.id} session={s} projectLabel={projectLabels.get(s.projectID)} selected={i === selected} showSource={showSource} showAgents={showAgents} counting={counting} />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
