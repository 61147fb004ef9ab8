'use client';
import { useEffect, useSyncExternalStore } from 'react';

// What the open page calls itself (a session's title), for the tab title the header keeps.
let name: string | undefined;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const set = (next: string | undefined) => {
  name = next;
  for (const listener of listeners) listener();
};

/** Names the tab while the calling page is open (undefined: not known yet). */
export function useNamePage(next: string | undefined): void {
  useEffect(() => {
    set(next);
    return () => set(undefined);
  }, [next]);
}

export function usePageNameFromPage(): string | undefined {
  return useSyncExternalStore(subscribe, () => name, () => undefined);
}
