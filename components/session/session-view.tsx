'use client';
import Link from 'next/link';
import { useEffect, useMemo, useState } from 'react';
import { FindInSession } from '@/components/search/find-in-session';
import { turnsHold, type TimelineTarget } from '@/lib/view/timeline-target';
import { ApiError } from '@/lib/client/fetch-json';
import { ErrorState } from '@/components/ui/error-state';
import { Loading } from '@/components/ui/loading';
import { InheritedTurns } from './inherited-turns';
import { SessionBar } from './session-bar';
import { SessionHeader } from './session-header';
import { stillCounting } from '@/lib/view/index-phase';
import { SessionCharts } from './session-charts';
import { SubagentTree } from './subagent-tree';
import { SessionWaterfall } from './session-waterfall';
import { Timeline } from './timeline';
import { ChildSessionsProvider } from './child-sessions';
import { SessionSidebar, hasSidebar } from './session-sidebar';
import { useSessionDetail } from './use-session-detail';
import { useSessionSteps } from './use-session-steps';
import { useHashTarget } from './use-hash-target';
import { useNamePage } from '@/components/shell/named-page';
import { displayTitle } from '@/lib/sessions/display-title';

export function SessionView({ id, target: opened }: { id: string; target?: TimelineTarget }) {
  const detail = useSessionDetail(id);
  const outline = useSessionSteps(id);
  const [picked, setTarget] = useState(opened);
  const hashTarget = useHashTarget();
  const target = picked ?? hashTarget;
  // Another hit in the same session (the header box) arrives as a new prop.
  const [seen, setSeen] = useState(opened);
  if (seen?.part !== opened?.part || seen?.message !== opened?.message) {
    setSeen(opened);
    setTarget(opened);
  }
  const shown = detail.data?.pages[0]?.session;
  useNamePage(shown ? displayTitle(shown).text : undefined);
  // One array while the pages are the same: the waterfall lays out again only when they change.
  const turns = useMemo(() => (detail.data?.pages ?? []).toReversed().flatMap((page) => page.turns), [detail.data]);
  const held = target ? turnsHold(turns, target) : true;
  // A search hit in an older turn: load older pages until it is there.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = detail;
  useEffect(() => {
    if (!held && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [held, hasNextPage, isFetchingNextPage, fetchNextPage]);
  if (detail.error) {
    const missing = detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 400);
    return (
      <div className="page">
        <ErrorState
          what={`session ${id}`}
          error={detail.error}
          hint={missing ? 'No such session in the data Sessionscope reads. It may have been deleted, or the link points at another data folder.' : undefined}
        />
        <Link href="/sessions">← All sessions</Link>
      </div>
    );
  }
  const d = detail.data?.pages[0];
  if (!d) return <Loading what="session" />;
  // Pages run newest first; the timeline reads oldest first (see `turns` above).
  // Until the store has read every message, the turns and charts would be partial: say so instead.
  const counting = stillCounting(d.index);
  const older = detail.hasNextPage ? { load: () => void detail.fetchNextPage(), loading: detail.isFetchingNextPage, shown: turns.length, total: d.turnCount } : undefined;
  return (
    <div className="page session-page">
      <SessionBar session={d.session} counting={counting} />
      <SessionHeader detail={d} partCount={outline.data?.partCount} />
      {counting ? null : <SessionCharts steps={outline.data?.steps} error={outline.error} tokens={d.session.tokens} />}
      {!counting && (d.session.childCount > 0 || d.session.parentID) ? <SubagentTree session={d.session} /> : null}
      {counting ? null : <SessionWaterfall turns={turns} subagents={d.children} shownTurns={turns.length} totalTurns={d.turnCount} />}
      <div className={`session-body${hasSidebar(d) ? '' : ' no-sidebar'}`}>
        <div className="session-main">
          <FindInSession sessionID={id} onTarget={setTarget} />
          {d.forkOrigin ? <InheritedTurns origin={d.forkOrigin} forkCreated={d.session.time.created} /> : null}
          {!held && !hasNextPage ? <p className="notice notice-muted">The part this link points at is no longer in this session.</p> : null}
          <ChildSessionsProvider sessions={d.children}>
            {counting ? <Loading what="this session's turns" counting /> : <Timeline turns={turns} partCount={outline.data?.partCount} older={older} target={target} ready={outline.data !== undefined || outline.error !== null} />}
          </ChildSessionsProvider>
        </div>
        <SessionSidebar detail={d} />
      </div>
    </div>
  );
}
