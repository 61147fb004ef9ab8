'use client';
import { useEffect, useState } from 'react';
import { isTypingTarget } from '@/lib/view/key-sequence';

/** j / k move a selection through a list of `count` items; Enter opens the selected one. */
export function useListKeys(count: number, onOpen?: (index: number) => void, onMove?: (index: number) => void): [number, (index: number) => void] {
  const [selected, setSelected] = useState(-1);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey) return;
      if (isTypingTarget(event.target as HTMLInputElement | null) || count === 0) return;
      if (event.key === 'j' || event.key === 'k') {
        event.preventDefault();
        const next = event.key === 'j' ? Math.min(count - 1, selected + 1) : Math.max(0, selected - 1);
        setSelected(next);
        onMove?.(next);
      } else if (event.key === 'Enter' && selected >= 0 && selected < count && onOpen) {
        const active = document.activeElement;
        // Enter on a focused link or button is that control's; on the page itself it opens the selection.
        if (active && active !== document.body && active.tagName !== 'TR' && active.id !== 'main') return;
        event.preventDefault();
        onOpen(selected);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [count, selected, onOpen, onMove]);
  return [selected, setSelected];
}
