'use client';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useMemo } from 'react';
import { readTableQuery, writeTableQuery, type TableQuery } from '@/lib/view/table-query';
import { SessionFilterBar } from './session-filter-bar';
import { SessionsTable } from './sessions-table';
import { TeamSessionsView } from '@/components/team/team-sessions-view';
import { useScopedHead } from '@/components/team/use-scoped-head';

export function SessionsView() {
  const search = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const query = useMemo(() => readTableQuery(new URLSearchParams(search?.toString() ?? '')), [search]);
  const setQuery = useCallback(
    (next: TableQuery) => {
      const qs = writeTableQuery(next);
      router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false });
    },
    [router, pathname],
  );
  const { head: title, team } = useScopedHead('Sessions', 'Team sessions');
  if (team) {
    return (
      <div className="page sessions-page">
        {title}
        <TeamSessionsView team={team} />
      </div>
    );
  }
  return (
    <div className="page sessions-page">
      {title}
      <SessionFilterBar query={query} setQuery={setQuery} autoFocus={search?.get('focus') === 'search'} />
      <SessionsTable query={query} setQuery={setQuery} />
    </div>
  );
}
