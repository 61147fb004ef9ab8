'use client';
import { useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/client/fetch-json';
import { queryKeys } from '@/lib/live/query-keys';
import type { StatsResponse } from '@/lib/view/api-types';

/** `GET /api/stats?<params>`; a missing route is an error state, not a retry loop. */
export function useStats(params: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.stats(params),
    queryFn: () => fetchJson<StatsResponse>(`/api/stats?${params}`),
    retry: false,
    enabled,
  });
}
