'use client';
import { useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/client/fetch-json';
import { queryKeys } from '@/lib/live/query-keys';
import type { SessionSummary } from '@/lib/sessions/session-summary';
import type { SessionsResponse } from '@/lib/view/api-types';

const MAX_PAGES = 10;

/**
 * Candidate descendants of a session: its project's sessions active within the tree's lifetime
 * (every subagent starts after its parent, and before the tree's last write). Keyset-paged.
 */
export function useSubtree(session: Pick<SessionSummary, 'id' | 'projectID' | 'time' | 'lastActivity' | 'total'>) {
  const until = Math.max(session.total.lastActivity ?? 0, session.lastActivity, session.time.created);
  const base = `project=${encodeURIComponent(session.projectID)}&from=${session.time.created}&to=${until}&sort=created&order=asc&limit=1000`;
  return useQuery({
    queryKey: queryKeys.sessions(`tree:${session.id}:${base}`),
    queryFn: async () => {
      const all: SessionSummary[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const res = await fetchJson<SessionsResponse>(`/api/sessions?${base}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        all.push(...res.sessions);
        cursor = res.nextCursor;
        if (!cursor) break;
      }
      return all;
    },
  });
}
