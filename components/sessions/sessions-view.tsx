'use client';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useMemo } from 'react';
import { readTableQuery, writeTableQuery, type TableQuery } from '@/lib/view/table-query';
import { SessionFilterBar } from './session-filter-bar';
import { SessionsTable } from './sessions-table';

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
  return (
    <div className="page sessions-page">
      <h1 className="page-title">Sessions</h1>
      <SessionFilterBar query={query} setQuery={setQuery} autoFocus={search?.get('focus') === 'search'} />
      <SessionsTable query={query} setQuery={setQuery} />
    </div>
  );
}
