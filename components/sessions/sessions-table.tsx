'use client';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRouter } from 'next/navigation';
import { useCallback, useMemo, useRef, useState } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { DownloadLinks } from '@/components/ui/download-links';
import { Loading } from '@/components/ui/loading';
import { sessionHref } from '@/components/ui/session-link';
import { useListKeys } from '@/components/ui/use-list-keys';
import { formatCount } from '@/lib/format/format-tokens';
import { exportSessionsHref, hasFilters, writeTableQuery, DEFAULT_TABLE_QUERY, type TableQuery } from '@/lib/view/table-query';
import { SessionRow } from './session-row';
import { SessionsTableHead } from './sessions-table-head';
import { useFilterOptions } from './use-filter-options';
import { PAGE_SIZE, useSessionPage } from './use-session-pages';

const ROW_HEIGHT = 44;

/** Keyset pages of 200 sessions; rows inside a page are virtualised. */
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
  const { projects } = useFilterOptions();
  const projectLabels = useMemo(() => new Map(projects.map((p) => [p.id, p.label])), [projects]);
  const sessions = useMemo(() => page.data?.sessions ?? [], [page.data]);
  const total = page.data?.total ?? 0;
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer returns fresh functions by design
  const virtualizer = useVirtualizer({ count: sessions.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  const items = virtualizer.getVirtualItems();

  const open = useCallback((i: number) => sessions[i] && router.push(sessionHref(sessions[i].id)), [sessions, router]);
  const move = useCallback((i: number) => virtualizer.scrollToIndex(i, { align: 'auto' }), [virtualizer]);
  const [selected, setSelected] = useListKeys(sessions.length, open, move);
  const goTo = (next: (string | undefined)[]) => {
    setCursors(next);
    setSelected(-1);
    scrollRef.current?.scrollTo(0, 0);
  };

  if (page.error) return <ErrorState what="sessions" error={page.error} />;
  if (!page.data) return <Loading what="sessions" />;

  const first = pageIndex * PAGE_SIZE;
  const padTop = items[0]?.start ?? 0;
  const padBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
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
      <div className="table-scroll" ref={scrollRef}>
        <table className="table sessions-table" data-testid="sessions-table" aria-rowcount={total}>
          <SessionsTableHead query={query} setQuery={setQuery} />
          <tbody>
            {padTop > 0 ? <tr aria-hidden style={{ height: padTop }} /> : null}
            {items.map((item) => {
              const s = sessions[item.index];
              return s ? <SessionRow key={s.id} session={s} projectLabel={projectLabels.get(s.projectID)} selected={item.index === selected} height={ROW_HEIGHT} /> : null;
            })}
            {padBottom > 0 ? <tr aria-hidden style={{ height: padBottom }} /> : null}
          </tbody>
        </table>
      </div>
    </>
  );
}
