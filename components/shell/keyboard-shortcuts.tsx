'use client';
import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { isTypingTarget, readShortcut, type KeyState } from '@/lib/view/key-sequence';

/** Global keys: "/" focuses the page's search field, "g o" / "g s" / "g p" / "g d" go to pages, "?" shows them all. */
export function KeyboardShortcuts({ onHelp }: { onHelp: () => void }) {
  const router = useRouter();
  const state = useRef<KeyState>({});
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey) return;
      if (isTypingTarget(event.target as HTMLInputElement | null)) return;
      const next = readShortcut(state.current, event.key, Date.now());
      state.current = next.state;
      switch (next.action) {
        case 'go-overview':
          return router.push('/');
        case 'go-sessions':
          return router.push('/sessions');
        case 'go-plans':
          return router.push('/plans');
        case 'go-diagnostics':
          return router.push('/diagnostics');
        case 'help':
          event.preventDefault();
          return onHelp();
        case 'focus-search': {
          const search = document.querySelector<HTMLInputElement>('[data-search-input]');
          if (search) {
            event.preventDefault();
            search.focus();
            search.select();
          } else {
            event.preventDefault();
            router.push('/sessions?focus=search');
          }
          return;
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [router, onHelp]);
  return null;
}
