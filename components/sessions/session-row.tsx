import { displayTitle } from '@/lib/sessions/display-title';
import { ContextMeter } from '@/components/ui/context-meter';
import { CostFigure } from '@/components/ui/cost-figure';
import { Counting } from '@/components/ui/loading';
import { RelativeTime } from '@/components/ui/relative-time';
import { ForkMark } from '@/components/ui/fork-mark';
import { SessionLink } from '@/components/ui/session-link';
import { SourceBadge } from '@/components/ui/source-badge';
import { StatusBadge } from '@/components/ui/status-badge';
import { baseName } from '@/lib/format/format-path';
import { formatCompact, formatCount } from '@/lib/format/format-tokens';
import { totalTokenCount } from '@/lib/model/tokens';
import type { SessionSummary } from '@/lib/sessions/session-summary';

/** One session; on a phone a card of status, title, cost and last activity (the `card-hide` cells stay on wide screens). */
/** `counting`: the store still reads messages, so this session's figures may be partial: "counting…", never a zero. */
export function SessionRow({ session: s, projectLabel, selected, showSource, showAgents, counting }: { session: SessionSummary; projectLabel?: string; selected: boolean; showSource: boolean; showAgents: boolean; counting: boolean }) {
  const agents = s.agents.join(', ');
  // provider/model: Copilot's and Anthropic's claude-sonnet-4 are different bills.
  const models = s.models.join(', ');
  return (
    <tr data-session-id={s.id} aria-selected={selected} className={selected ? 'selected' : undefined}>
      <td>
        <StatusBadge status={s.status} />
      </td>
      <td className="title-cell" title={displayTitle(s).text}>
        {s.parentID ? <span className="muted" title="Subagent session">↳ </span> : null}
        {showSource ? (
          <>
            <SourceBadge source={s.source} />{' '}
          </>
        ) : null}
        {s.forkedFrom ? (
          <>
            <ForkMark />{' '}
          </>
        ) : null}
        <SessionLink session={s} />
        {s.childCount > 0 ? <span className="muted small"> · {s.total.sessionCount - 1} sub</span> : null}
      </td>
      <td className="muted ellipsis project-cell card-hide" title={s.directory}>
        {projectLabel ?? baseName(s.directory)}
      </td>
      {showAgents ? (
        <td className="ellipsis card-hide hide-below-1100" title={agents}>
          {agents}
        </td>
      ) : null}
      <td className="ellipsis models-cell muted card-hide hide-below-1200" title={models} data-col="models">
        {models}
      </td>
      <td className="num card-hide" data-col="messages">
        {counting ? <Counting /> : formatCount(s.messageCount)}
      </td>
      <td className="num card-hide hide-below-900" data-col="tokens" title={counting ? undefined : formatCount(totalTokenCount(s.tokens))}>
        {counting ? <Counting /> : formatCompact(totalTokenCount(s.tokens))}
      </td>
      <td className="num card-hide" data-col="context">
        {counting ? <Counting /> : <ContextMeter use={s.contextUse} />}
      </td>
      <td className="num" data-col="cost">
        {counting ? <Counting /> : <CostFigure value={s} />}
      </td>
      <td className={`num card-hide hide-below-1000${s.childCount > 0 ? '' : ' muted'}`} data-col="total-cost">
        {counting ? <Counting /> : <CostFigure value={s.total} />}
      </td>
      <td className="num muted card-end" data-col="last-activity">
        <RelativeTime ms={s.lastActivity} />
      </td>
    </tr>
  );
}
