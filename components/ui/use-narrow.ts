'use client';
import { useSyncExternalStore } from 'react';

const QUERY = '(max-width: 720px)';

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** A phone-width screen (the same breakpoint as the card layout): charts take fewer axis labels there. */
export function useNarrow(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(QUERY).matches, () => false);
}
