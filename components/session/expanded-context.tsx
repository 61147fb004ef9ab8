'use client';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

interface Expanded {
  isOpen(key: string): boolean;
  toggle(key: string): void;
}

const ExpandedContext = createContext<Expanded>({ isOpen: () => false, toggle: () => {} });

/** Which collapsibles are open, kept above the virtual list so rows that scroll away remember it. */
export function ExpandedProvider({ children, reveal }: { children: ReactNode; reveal?: string }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(reveal ? [`c:${reveal}`] : []));
  // A part opened from a search hit is shown open (reasoning and tool calls are folded by default).
  const [revealed, setRevealed] = useState(reveal);
  if (revealed !== reveal) {
    setRevealed(reveal);
    if (reveal && !open.has(`c:${reveal}`)) setOpen(new Set([...open, `c:${reveal}`]));
  }
  const toggle = useCallback((key: string) => {
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);
  const value = useMemo(() => ({ isOpen: (key: string) => open.has(key), toggle }), [open, toggle]);
  return <ExpandedContext.Provider value={value}>{children}</ExpandedContext.Provider>;
}

export function useExpanded(key: string, defaultOpen = false): [boolean, () => void] {
  const ctx = useContext(ExpandedContext);
  // Stored as "flipped from default", so a default-open section closes on first toggle.
  const flipped = ctx.isOpen(key);
  return [defaultOpen ? !flipped : flipped, () => ctx.toggle(key)];
}
