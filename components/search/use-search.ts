'use client';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/client/fetch-json';
import { queryKeys } from '@/lib/live/query-keys';
import { searchApiUrl } from '@/lib/search/search-links';
import type { SearchResponse } from '@/lib/search/search-types';

/** Pages of hits for the given parameters; asks again every 2 s while the index is still being built. */
export function useSearch(params: Readonly<Record<string, string | number | undefined>>, enabled = true) {
  const url = searchApiUrl(params);
  return useInfiniteQuery({
    queryKey: queryKeys.search(url),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => fetchJson<SearchResponse>(`${url}${pageParam ? `&cursor=${pageParam}` : ''}`, signal),
    getNextPageParam: (page) => page.nextCursor,
    enabled: enabled && typeof params.q === 'string' && params.q.trim() !== '',
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.pages[0]?.progress.phase === 'ready' ? false : 2_000),
  });
}
