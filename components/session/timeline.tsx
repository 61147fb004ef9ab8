'use client';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Panel } from '@/components/ui/panel';
import { useListKeys } from '@/components/ui/use-list-keys';
import { plural } from '@/lib/format/plural';
import type { Turn } from '@/lib/sessions/build-turns';
import { filterTimelineRows, SHOW_ALL, toolNames, turnMarks, type TimelineFilter } from '@/lib/view/timeline-filter';
import { timelineRows } from '@/lib/view/timeline-rows';
import { targetRowIndex, type TimelineTarget } from '@/lib/view/timeline-target';
import { ExpandedProvider } from './expanded-context';
import { TimelineRowView } from './timeline-row';
import { TimelineToolbar } from './timeline-toolbar';
import { useLastRowOnScreen } from './use-last-row-on-screen';
import { useListOffset } from './use-list-offset';

export interface OlderTurns {
  load: () => void;
  loading: boolean;
  shown: number;
  total: number;
}

// The sticky header and toolbar cover the top of the window.
const TOP_COVER = 110;

const NO_TARGET: TimelineTarget = {};

/**
 * The turns loaded so far (newest pages first, older on request), virtualised against the window:
 * the page scrolls as one and only the rows on screen are in the DOM. It opens at the newest turn,
 * or at the target (a search hit, `?part=` / `#part-`: the session view loads older pages until it
 * is there), highlighted and unfolded. `ready` holds the landing until what sits above (charts) has its height.
 */
export function Timeline({ turns, partCount, older, target, ready = true }: { turns: Turn[]; partCount?: number; older?: OlderTurns; target?: TimelineTarget; ready?: boolean }) {
  const allRows = useMemo(() => timelineRows(turns), [turns]);
  const [filter, setFilter] = useState<TimelineFilter>(SHOW_ALL);
  const rows = useMemo(() => filterTimelineRows(allRows, filter), [allRows, filter]);
  const tools = useMemo(() => toolNames(allRows), [allRows]);
  const marks = useMemo(() => turnMarks(turns), [turns]);
  const listRef = useRef<HTMLDivElement>(null);
  const scrollMargin = useListOffset(listRef);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (i) => (rows[i]?.kind === 'user' ? 90 : rows[i]?.kind === 'assistant' ? 36 : 56),
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan: 8,
    scrollMargin,
    scrollPaddingStart: TOP_COVER,
    scrollPaddingEnd: 16,
  });
  const move = useCallback((i: number) => virtualizer.scrollToIndex(i, { align: 'start' }), [virtualizer]);
  const [selected, setSelected] = useListKeys(rows.length, undefined, move);

  // Land once per target: on it when it is loaded (while older pages load, wait), else at the newest row.
  const targetIndex = useMemo(() => (target ? targetRowIndex(rows, target) : -1), [rows, target]);
  const landedFor = useRef<TimelineTarget | undefined>(undefined);
  useEffect(() => {
    const key = target ?? NO_TARGET;
    if (landedFor.current === key || !ready || rows.length === 0 || scrollMargin === 0) return;
    if (target && targetIndex < 0 && older) return;
    virtualizer.scrollToIndex(targetIndex >= 0 ? targetIndex : rows.length - 1, { align: targetIndex >= 0 ? 'center' : 'end' });
    landedFor.current = key;
  }, [target, targetIndex, ready, rows, older, scrollMargin, virtualizer]);

  const items = virtualizer.getVirtualItems();
  const range = virtualizer.range;
  const atEnd = useLastRowOnScreen(listRef, rows.length);
  const currentTurn = rows[range?.startIndex ?? 0]?.turn ?? 0;
  const goToTurn = (turn: number) => {
    let index = rows.findIndex((r) => r.turn >= turn);
    if (index < 0) index = rows.length - 1;
    virtualizer.scrollToIndex(index, { align: 'start' });
    setSelected(index);
  };
  const latest = () => virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });

  return (
    <Panel title={`Timeline · ${plural(turns.length, 'turn')}${partCount === undefined ? '' : `, ${plural(partCount, 'part')}`}`} id="timeline" className="timeline-panel">
      {older ? (
        <p className="muted small">
          Showing the latest {plural(older.shown, 'turn')} of {older.total}.{' '}
          <button type="button" className="link-button" data-testid="load-older-turns" onClick={older.load} disabled={older.loading}>
            {older.loading ? 'loading…' : 'load earlier turns'}
          </button>
        </p>
      ) : null}
      {allRows.length === 0 ? (
        <p className="muted">No messages in this session yet.</p>
      ) : (
        <TimelineToolbar filter={filter} setFilter={setFilter} tools={tools} marks={marks} currentTurn={currentTurn} goToTurn={goToTurn} latest={rows.length > 0 && !atEnd ? latest : undefined} />
      )}
      {allRows.length > 0 && rows.length === 0 ? <p className="muted">Nothing of this kind in the loaded turns.</p> : null}
      <ExpandedProvider reveal={target?.part}>
        <div ref={listRef} data-testid="timeline" className="timeline-list" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <div
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                data-row={row.key}
                className={`timeline-item${item.index === selected ? ' selected' : ''}${item.index === targetIndex ? ' search-target' : ''}`}
                data-target={item.index === targetIndex ? 'true' : undefined}
                style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
              >
                <TimelineRowView row={row} />
              </div>
            );
          })}
        </div>
      </ExpandedProvider>
    </Panel>
  );
}
