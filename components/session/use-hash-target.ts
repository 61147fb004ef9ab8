'use client';
import { useMemo, useSyncExternalStore } from 'react';
import type { TimelineTarget } from '@/lib/view/timeline-target';

const subscribe = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};

/** A `#part-<id>` address as a timeline target (following such a link on the page re-targets). */
export function useHashTarget(): TimelineTarget | undefined {
  const hash = useSyncExternalStore(subscribe, () => window.location.hash, () => '');
  return useMemo(() => {
    const match = /^#part-(.+)$/.exec(hash);
    return match?.[1] ? { part: decodeURIComponent(match[1]) } : undefined;
  }, [hash]);
}
