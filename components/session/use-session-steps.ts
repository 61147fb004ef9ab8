'use client';
import { useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/client/fetch-json';
import { queryKeys } from '@/lib/live/query-keys';
import type { SessionSteps } from '@/lib/view/api-types';

/**
 * Every model step of a session, for its charts, and its part count. Asked apart from the turns:
 * the page shows its newest turns without waiting for a long session's whole step index.
 */
export function useSessionSteps(id: string) {
  return useQuery({
    // Under the session's key: a live change to the session refetches it too.
    queryKey: [...queryKeys.session(id), 'steps'],
    queryFn: () => fetchJson<SessionSteps>(`/api/sessions/${encodeURIComponent(id)}/steps`),
  });
}
