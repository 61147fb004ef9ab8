'use client';
import { useEffect, type RefObject } from 'react';

/**
 * Keeps a CSS variable on the root at an element's height: what sticks below it (a table's head,
 * the timeline's toolbar) sits at that offset however the element wrapped at this width.
 */
export function useHeightVariable(ref: RefObject<HTMLElement | null>, name: string): void {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty(name, `${Math.ceil(el.getBoundingClientRect().height)}px`));
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty(name);
    };
  }, [ref, name]);
}
