'use client';
import { useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/client/fetch-json';
import { queryKeys } from '@/lib/live/query-keys';
import type { Health } from '@/lib/view/api-types';

/** `/api/health`, polled every 2 s while the first index runs (then events keep it fresh). */
export function useHealth() {
  return useQuery({
    queryKey: queryKeys.health(),
    queryFn: () => fetchJson<Health>('/api/health'),
    refetchInterval: (query) => (query.state.data && query.state.data.index.phase === 'ready' ? false : 2000),
  });
}
