'use client';
import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the timeline's newest row is on screen (or there is none), from where it is drawn: the
 * virtualizer's range lagged the page's own layout, and "Latest" showed over the newest turn.
 */
export function useLastRowOnScreen(listRef: RefObject<HTMLElement | null>, count: number): boolean {
  const [onScreen, setOnScreen] = useState(true);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      const last = listRef.current?.querySelector(`[data-index="${count - 1}"]`);
      const rect = last?.getBoundingClientRect();
      setOnScreen(count === 0 || (rect !== undefined && rect.top < window.innerHeight && rect.bottom > 0));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [listRef, count]);
  return onScreen;
}
