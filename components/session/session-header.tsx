import Link from 'next/link';
import { ContextMeter } from '@/components/ui/context-meter';
import { CostFigure } from '@/components/ui/cost-figure';
import { Counting } from '@/components/ui/loading';
import { RelativeTime } from '@/components/ui/relative-time';
import { Stat } from '@/components/ui/stat';
import { sessionHref } from '@/components/ui/session-link';
import { formatDuration } from '@/lib/format/format-duration';
import { shortPath } from '@/lib/format/format-path';
import { formatCompact, formatPercent } from '@/lib/format/format-tokens';
import { plural } from '@/lib/format/plural';
import { formatExactTime } from '@/lib/format/format-time';
import { totalTokenCount } from '@/lib/model/tokens';
import type { SessionDetail } from '@/lib/view/api-types';
import { SessionPlanLine } from './session-plan-line';
import { describeContext } from '@/lib/view/context-view';
import { stillCounting } from '@/lib/view/index-phase';

/** Below the session bar (title, status): where the session came from, why its status, and its figures. `partCount`: from the step index, undefined while it is read. */
export function SessionHeader({ detail, partCount }: { detail: SessionDetail; partCount?: number }) {
  const s = detail.session;
  // While the store still reads messages, a figure is a partial sum: "counting…", never "$0.00".
  const counting = stillCounting(detail.index);
  const pending = <Counting />;
  const withSubs = s.childCount > 0;
  return (
    <header className="session-header panel">
      {detail.parent ? (
        <p className="crumb">
          Subagent of <Link href={sessionHref(detail.parent.id)} data-testid="parent-link">{detail.parent.title || '(untitled)'}</Link>
        </p>
      ) : null}
      {s.forkedFrom ? (
        <p className="crumb" data-testid="fork-origin">
          Forked from{' '}
          {detail.forkOrigin ? <Link href={sessionHref(detail.forkOrigin.id)}>{detail.forkOrigin.title || '(untitled)'}</Link> : <code>{s.forkedFrom}</code>}
          {' '}· the turns before the fork count there
        </p>
      ) : null}
      {detail.forks.length > 0 ? (
        <p className="crumb" data-testid="forks">
          Forked into{' '}
          {detail.forks.map((fork, i) => (
            <span key={fork.id}>
              {i > 0 ? ', ' : ''}
              <Link href={sessionHref(fork.id)}>{fork.title || '(untitled)'}</Link>
            </span>
          ))}
        </p>
      ) : null}
      <p className="status-reason" data-testid="status-reason">
        {counting ? 'Reading its messages: status and figures follow' : s.status.reason} · last write <RelativeTime ms={s.status.lastWrite} />
      </p>
      <p className="meta muted">
        <span title={s.directory}>{shortPath(s.directory)}</span>
        {s.version ? ` · version ${s.version}` : ''} · started <span title={formatExactTime(s.time.created)}>{formatExactTime(s.time.created)}</span>
        {s.archived ? ' · archived' : ''} ·{' '}
        <a href={`/api/sessions/${encodeURIComponent(s.id)}/share`} download className="text-link" data-testid="share-session" title="One HTML file with this session's timeline, figures and subagents. It holds the session's text (prompts, outputs, file contents): read it before you share it.">
          Save as HTML
        </a>
      </p>
      <SessionPlanLine sessionID={s.id} />
      <div className="stats-row">
        <Stat
          label="Cost"
          testId="session-cost"
          value={counting ? pending : <CostFigure value={s} align="start" />}
          detail={
            counting ? undefined : withSubs ? (
              <>
                <CostFigure value={s.total} align="start" inline /> with {plural(s.total.sessionCount - 1, 'subagent session')}
              </>
            ) : (
              'no subagents'
            )
          }
        />
        <Stat label="Tokens" testId="session-tokens" value={counting ? pending : formatCompact(totalTokenCount(s.tokens))} detail={counting ? undefined : `in ${formatCompact(s.tokens.input)} · out ${formatCompact(s.tokens.output)} · cache ${formatCompact(s.tokens.cacheRead)} read / ${formatCompact(s.tokens.cacheWrite)} write`} />
        {withSubs ? <Stat label="Tokens with subagents" value={counting ? pending : formatCompact(totalTokenCount(s.total.tokens))} /> : null}
        <Stat label="Context window" testId="session-context" value={counting ? pending : <ContextMeter use={s.contextUse} />} detail={counting ? undefined : describeContext(s.contextUse).detail} />
        <Stat
          label="Cache hits"
          testId="session-cache"
          value={counting ? pending : formatPercent(s.cacheHitRatio)}
          detail={counting ? undefined : `${formatCompact(s.tokens.cacheRead)} of ${formatCompact(s.tokens.input + s.tokens.cacheRead)} prompt tokens read from cache`}
        />
        <Stat
          label="Duration"
          value={counting ? pending : formatDuration(s.lastActivity - s.firstActivity)}
          detail={counting ? undefined : `${plural(s.turnCount, 'turn')} · ${plural(s.messageCount, 'message')} · ${partCount === undefined ? '… parts' : plural(partCount, 'part')}`}
        />
        <Stat label="Models" value={counting ? pending : <span className="small-value">{s.models.join(', ') || '—'}</span>} detail={!counting && s.agents.length ? `agents: ${s.agents.join(', ')}` : undefined} />
      </div>
    </header>
  );
}
