'use client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/client/fetch-json';
import { queryKeys } from '@/lib/live/query-keys';
import type { SessionsResponse } from '@/lib/view/api-types';
import { apiSessionsQuery, type TableQuery } from '@/lib/view/table-query';

export const PAGE_SIZE = 200;

/**
 * One keyset page of the table. Pages are separate queries, so a live event refetches only the
 * page on screen, however many sessions there are.
 */
export function useSessionPage(query: TableQuery, cursor: string | undefined) {
  const params = apiSessionsQuery(query, PAGE_SIZE, cursor);
  return useQuery({
    queryKey: queryKeys.sessions(`table:${params}`),
    queryFn: () => fetchJson<SessionsResponse>(`/api/sessions?${params}`),
    placeholderData: keepPreviousData,
  });
}
