'use client';
import { useCallback, useSyncExternalStore } from 'react';
import { BLOCK_LIMIT_STORAGE_KEY, parseBlockLimit, type BlockLimit } from '@/lib/blocks/block-limit';

const listeners = new Set<() => void>();
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}
function read(): string | null {
  try {
    return window.localStorage.getItem(BLOCK_LIMIT_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The limit a person set for a five-hour block, kept in this browser (other tabs follow); nothing on the server. */
export function useBlockLimit(): [BlockLimit | undefined, (limit: BlockLimit | undefined) => void] {
  const text = useSyncExternalStore(subscribe, read, () => null);
  const set = useCallback((limit: BlockLimit | undefined) => {
    try {
      if (limit) window.localStorage.setItem(BLOCK_LIMIT_STORAGE_KEY, JSON.stringify(limit));
      else window.localStorage.removeItem(BLOCK_LIMIT_STORAGE_KEY);
    } catch {
      // Private mode or a full store: the limit lasts as long as the page.
    }
    for (const listener of listeners) listener();
  }, []);
  return [parseBlockLimit(text), set];
}
