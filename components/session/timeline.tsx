'use client';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Panel } from '@/components/ui/panel';
import { useListKeys } from '@/components/ui/use-list-keys';
import { plural } from '@/lib/format/plural';
import type { Turn } from '@/lib/sessions/build-turns';
import { timelineRows } from '@/lib/view/timeline-rows';
import { targetRowIndex, type TimelineTarget } from '@/lib/view/timeline-target';
import { ExpandedProvider } from './expanded-context';
import { TimelineRowView } from './timeline-row';

export interface OlderTurns {
  load: () => void;
  loading: boolean;
  shown: number;
  total: number;
}

/** The turns loaded so far (newest pages first, older on request), virtualised: only the rows on screen are in the DOM. */
export function Timeline({ turns, partCount, older, target }: { turns: Turn[]; partCount?: number; older?: OlderTurns; target?: TimelineTarget }) {
  const rows = useMemo(() => timelineRows(turns), [turns]);
  const targetIndex = useMemo(() => (target ? targetRowIndex(rows, target) : -1), [rows, target]);
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer returns fresh functions by design
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (rows[i]?.kind === 'user' ? 90 : rows[i]?.kind === 'assistant' ? 36 : 56),
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan: 8,
  });
  const move = useCallback((i: number) => virtualizer.scrollToIndex(i, { align: 'start' }), [virtualizer]);
  const [selected] = useListKeys(rows.length, undefined, move);
  const items = virtualizer.getVirtualItems();
  useScrollToTarget(targetIndex, target, scrollRef, move);
  return (
    <Panel title={`Timeline · ${plural(turns.length, 'turn')}${partCount === undefined ? '' : `, ${plural(partCount, 'part')}`}`} id="timeline" className="timeline-panel">
      {rows.length === 0 ? <p className="muted">No messages in this session yet.</p> : null}
      {older ? (
        <p className="muted small">
          Showing the latest {plural(older.shown, 'turn')} of {older.total}.{' '}
          <button type="button" className="link-button" data-testid="load-older-turns" onClick={older.load} disabled={older.loading}>
            {older.loading ? 'loading…' : 'load earlier turns'}
          </button>
        </p>
      ) : null}
      <ExpandedProvider reveal={target?.part}>
        <div className="timeline-scroll" ref={scrollRef} data-testid="timeline">
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {items.map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              return (
                <div
                  key={item.key}
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  className={`timeline-item${item.index === selected ? ' selected' : ''}${item.index === targetIndex ? ' search-target' : ''}`}
                  data-target={item.index === targetIndex ? 'true' : undefined}
                  style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}
                >
                  <TimelineRowView row={row} />
                </div>
              );
            })}
          </div>
        </div>
      </ExpandedProvider>
    </Panel>
  );
}

/** Brings the target row into view once it is loaded (the list scrolls to it, then the page to the list). */
function useScrollToTarget(index: number, target: TimelineTarget | undefined, scrollRef: React.RefObject<HTMLDivElement | null>, move: (i: number) => void): void {
  const done = useRef<TimelineTarget | undefined>(undefined);
  useEffect(() => {
    if (index < 0 || done.current === target) return;
    done.current = target;
    move(index);
    // The row is drawn on the next frames; then the page scrolls it to the middle of the window.
    let frames = 0;
    const step = () => {
      const row = scrollRef.current?.querySelector(`[data-index="${index}"]`);
      if (row) row.scrollIntoView({ block: 'center' });
      else if (frames++ < 20) requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  }, [index, target, scrollRef, move]);
}
