'use client';
import { useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/client/fetch-json';
import { queryKeys } from '@/lib/live/query-keys';
import type { PlansResponse } from '@/lib/view/api-types';

/** `GET /api/plans`; refetched when a plan file or boulder changes (SSE topic `plans`) or a session does. */
export function usePlans() {
  return useQuery({ queryKey: queryKeys.plans(), queryFn: () => fetchJson<PlansResponse>('/api/plans') });
}
