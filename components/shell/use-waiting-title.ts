'use client';
import { useQuery } from '@tanstack/react-query';
import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { fetchJson } from '@/lib/client/fetch-json';
import { queryKeys } from '@/lib/live/query-keys';
import type { SessionsResponse } from '@/lib/view/api-types';
import { documentTitle, pageName } from '@/lib/view/document-title';
import { usePageNameFromPage } from './named-page';

const PARAMS = 'needs=you&roots=1&limit=1';

/** How many sessions need the user (turn ended, approval waiting, error); keeps the tab title at "(N) <page> · Sessionscope". */
export function useWaitingTitle(): number {
  const pathname = usePathname() ?? '/';
  const named = usePageNameFromPage();
  const page = pageName(pathname, named);
  const { data } = useQuery({ queryKey: queryKeys.sessions(PARAMS), queryFn: () => fetchJson<SessionsResponse>(`/api/sessions?${PARAMS}`) });
  const waiting = data?.total ?? 0;
  useEffect(() => {
    const apply = () => {
      const title = documentTitle(waiting, page);
      if (document.title !== title) document.title = title;
    };
    apply();
    // Next sets the title from metadata on navigation, at a time of its own: set ours after it.
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [waiting, page]);
  return waiting;
}
