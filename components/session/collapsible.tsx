'use client';
import type { ReactNode } from 'react';
import { useExpanded } from './expanded-context';

/** A disclosure whose state survives the row scrolling out of the virtual list. */
export function Collapsible({ id, summary, children, className, defaultOpen = false, badge }: { id: string; summary: ReactNode; children: ReactNode; className?: string; defaultOpen?: boolean; badge?: ReactNode }) {
  const [open, toggle] = useExpanded(`c:${id}`, defaultOpen);
  return (
    <div className={`collapsible ${className ?? ''}`} data-open={open}>
      <button type="button" className="collapsible-toggle" aria-expanded={open} onClick={toggle}>
        <span className="caret" aria-hidden>
          {open ? '▾' : '▸'}
        </span>
        <span className="collapsible-summary">{summary}</span>
        {badge}
      </button>
      {open ? <div className="collapsible-body">{children}</div> : null}
    </div>
  );
}
