'use client';
import { useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/client/fetch-json';
import { queryKeys } from '@/lib/live/query-keys';
import type { SessionsResponse } from '@/lib/view/api-types';

// Live sessions were written to moments ago, so they are always among the newest 200.
const PARAMS = 'sort=lastActivity&order=desc&limit=200';

export function useRecentSessions() {
  return useQuery({ queryKey: queryKeys.sessions(PARAMS), queryFn: () => fetchJson<SessionsResponse>(`/api/sessions?${PARAMS}`) });
}

export type RecentSessionsQuery = ReturnType<typeof useRecentSessions>;
