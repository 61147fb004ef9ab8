'use client';
import { useQuery } from '@tanstack/react-query';
import { ApiError, fetchJson } from '@/lib/client/fetch-json';
import { queryKeys } from '@/lib/live/query-keys';
import type { SessionDetail } from '@/lib/view/api-types';

export function useSessionDetail(id: string) {
  return useQuery({
    queryKey: queryKeys.session(id),
    queryFn: () => fetchJson<SessionDetail>(`/api/sessions/${encodeURIComponent(id)}`),
    // A missing session will not appear by asking again; a live event refetches it if it does.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });
}
