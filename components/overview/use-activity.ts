'use client';
import { useQuery } from '@tanstack/react-query';
import type { ActivityResponse } from '@/lib/activity/activity-query';
import { fetchJson } from '@/lib/client/fetch-json';
import { queryKeys } from '@/lib/live/query-keys';

/** `GET /api/activity?<params>`; `counting` while sources are still read (a partial sum is not shown). */
export function useActivity(params: string) {
  const query = useQuery({ queryKey: queryKeys.activity(params), queryFn: () => fetchJson<ActivityResponse>(`/api/activity?${params}`), retry: false });
  const counting = query.data?.complete === false;
  return { data: counting ? undefined : query.data, error: query.error, counting };
}
