'use client';
import { useQuery } from '@tanstack/react-query';
import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { fetchJson } from '@/lib/client/fetch-json';
import { queryKeys } from '@/lib/live/query-keys';
import type { SessionsResponse } from '@/lib/view/api-types';
import { documentTitle } from '@/lib/view/document-title';

const PARAMS = 'needs=you&roots=1&limit=1';

/** How many sessions need the user (turn ended, approval waiting, error); keeps the tab title at "(N) Sessionscope". */
export function useWaitingTitle(): number {
  const pathname = usePathname();
  const { data } = useQuery({ queryKey: queryKeys.sessions(PARAMS), queryFn: () => fetchJson<SessionsResponse>(`/api/sessions?${PARAMS}`) });
  const waiting = data?.total ?? 0;
  useEffect(() => {
    // Next sets the title from metadata on navigation; set ours after it.
    const apply = () => {
      const title = documentTitle(waiting);
      if (document.title !== title) document.title = title;
    };
    apply();
    const timer = setTimeout(apply, 50);
    return () => clearTimeout(timer);
  }, [waiting, pathname]);
  return waiting;
}
