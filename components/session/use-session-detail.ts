'use client';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ApiError, fetchJson } from '@/lib/client/fetch-json';
import { queryKeys } from '@/lib/live/query-keys';
import type { SessionDetail } from '@/lib/view/api-types';

/**
 * A session with its newest turns; `fetchNextPage` adds the page of older turns. A live change
 * refetches every page loaded (they share the session's key).
 */
export function useSessionDetail(id: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.session(id),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => fetchJson<SessionDetail>(`/api/sessions/${encodeURIComponent(id)}${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`),
    getNextPageParam: (page) => page.olderCursor,
    // A missing session will not appear by asking again; a live event refetches it if it does.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });
}
