'use client';
import { useRef } from 'react';
import { ContextMeter } from '@/components/ui/context-meter';
import { CostFigure } from '@/components/ui/cost-figure';
import { SessionTitle } from '@/components/ui/session-title';
import { SourceBadge } from '@/components/ui/source-badge';
import { StatusBadge } from '@/components/ui/status-badge';
import { ForkMark } from '@/components/ui/fork-mark';
import { useHeightVariable } from '@/components/ui/use-height-variable';
import { displayTitle } from '@/lib/sessions/display-title';
import type { SessionSummary } from '@/lib/sessions/session-summary';

/**
 * The session's title, status, cost and context on one line that stays under the app header: the
 * timeline opens at its newest turn, which scrolls the rest of the header away.
 */
export function SessionBar({ session: s, counting }: { session: SessionSummary; counting: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useHeightVariable(ref, '--session-bar-height');
  return (
    <div className="session-bar" ref={ref} data-testid="session-bar">
      <h1 data-testid="session-title" title={displayTitle(s).text}>
        <SessionTitle session={s} />
      </h1>
      <span className="session-bar-chips">
        <StatusBadge status={s.status} />
        <SourceBadge source={s.source} />
        {s.forkedFrom ? <ForkMark /> : null}
        {counting ? null : (
          <>
            <CostFigure value={s} inline testId="session-bar-cost" />
            <span className="session-bar-context">
              <span className="muted small">context</span> <ContextMeter use={s.contextUse} />
            </span>
          </>
        )}
      </span>
    </div>
  );
}
