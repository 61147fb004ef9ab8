'use client';
import { useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/client/fetch-json';
import { queryKeys } from '@/lib/live/query-keys';
import type { StatsResponse } from '@/lib/view/api-types';

/**
 * `GET /api/stats?<params>`; a missing route is an error state, not a retry loop. While the server
 * still indexes (`complete: false`) `data` stays undefined and `counting` is true: views show
 * "counting…", never a partial sum (the index-ready event refetches).
 */
export function useStats(params: string, enabled = true) {
  const query = useQuery({
    queryKey: queryKeys.stats(params),
    queryFn: () => fetchJson<StatsResponse>(`/api/stats?${params}`),
    retry: false,
    enabled,
  });
  const counting = query.data?.complete === false;
  return { data: counting ? undefined : query.data, error: query.error, counting };
}
