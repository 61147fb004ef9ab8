'use client';
import { useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/client/fetch-json';
import type { InsightsResponse } from '@/lib/insights/insight-rows';
import { queryKeys } from '@/lib/live/query-keys';

/** `GET /api/insights?<params>`; while sources are still read (`complete: false`) `data` stays undefined and `counting` is true. */
export function useInsights(params: string) {
  const query = useQuery({ queryKey: queryKeys.insights(params), queryFn: () => fetchJson<InsightsResponse>(`/api/insights?${params}`), retry: false });
  const counting = query.data?.complete === false;
  return { data: counting ? undefined : query.data, error: query.error, counting };
}
