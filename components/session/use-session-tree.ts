'use client';
import { useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/client/fetch-json';
import { queryKeys } from '@/lib/live/query-keys';
import type { SessionSummary } from '@/lib/sessions/session-summary';

export interface SessionTreeResponse {
  rootID: string;
  sessions: SessionSummary[];
  truncated: boolean;
}

/** The whole subagent tree a session belongs to, from its topmost ancestor down (live: any session change refreshes it). */
export function useSessionTree(id: string) {
  return useQuery({
    queryKey: queryKeys.sessions(`tree:${id}`),
    queryFn: () => fetchJson<SessionTreeResponse>(`/api/sessions/${encodeURIComponent(id)}/tree`),
  });
}
