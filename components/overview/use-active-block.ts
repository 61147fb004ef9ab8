'use client';
import { useQuery } from '@tanstack/react-query';
import type { ActiveBlockResponse } from '@/lib/blocks/active-block-response';
import { fetchJson } from '@/lib/client/fetch-json';
import { queryKeys } from '@/lib/live/query-keys';

/**
 * `GET /api/blocks`: the five-hour block running now. Under the stats key, so every change the
 * stats see refreshes it; once a minute besides, as its time left and projection move with the clock.
 */
export function useActiveBlock() {
  return useQuery({
    queryKey: queryKeys.stats('active-block'),
    queryFn: () => fetchJson<ActiveBlockResponse>('/api/blocks'),
    refetchInterval: 60_000,
    retry: false,
  });
}
