'use client';
import { useQueries } from '@tanstack/react-query';
import { fetchJson } from '@/lib/client/fetch-json';
import { queryKeys } from '@/lib/live/query-keys';
import { SOURCE_FAMILIES, type SourceFamily } from '@/lib/model/source';
import type { SessionsResponse } from '@/lib/view/api-types';

// Every session of the source, archived and subagents included, as /api/stats counts their spend.
const countParams = (family: SourceFamily) => `source=${family}&archived=1&limit=1`;

/** Sessions per source family (the `total` of a one-row page); undefined while loading. */
export function useSourceSessionCounts(): Partial<Record<SourceFamily, number>> {
  return useQueries({
    queries: SOURCE_FAMILIES.map((family) => ({
      queryKey: queryKeys.sessions(countParams(family)),
      queryFn: () => fetchJson<SessionsResponse>(`/api/sessions?${countParams(family)}`),
    })),
    combine: (results) => Object.fromEntries(SOURCE_FAMILIES.flatMap((family, i) => (results[i]?.data ? [[family, results[i].data.total]] : []))),
  });
}
