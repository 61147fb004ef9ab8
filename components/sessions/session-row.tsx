import { ContextMeter } from '@/components/ui/context-meter';
import { CostFigure } from '@/components/ui/cost-figure';
import { RelativeTime } from '@/components/ui/relative-time';
import { SessionLink } from '@/components/ui/session-link';
import { SourceBadge } from '@/components/ui/source-badge';
import { StatusBadge } from '@/components/ui/status-badge';
import { baseName, modelName } from '@/lib/format/format-path';
import { formatCompact, formatCount } from '@/lib/format/format-tokens';
import { totalTokenCount } from '@/lib/model/tokens';
import type { SessionSummary } from '@/lib/sessions/session-summary';

export function SessionRow({ session: s, projectLabel, selected, height }: { session: SessionSummary; projectLabel?: string; selected: boolean; height: number }) {
  const agents = s.agents.join(', ');
  const models = s.models.map(modelName).join(', ');
  return (
    <tr data-session-id={s.id} aria-selected={selected} className={selected ? 'selected' : undefined} style={{ height }}>
      <td>
        <StatusBadge status={s.status} />
      </td>
      <td className="title-cell">
        {s.parentID ? <span className="muted" title="Subagent session">↳ </span> : null}
        <SourceBadge source={s.source} /> <SessionLink session={s} />
        {s.childCount > 0 ? <span className="muted small"> · {s.total.sessionCount - 1} sub</span> : null}
      </td>
      <td className="muted ellipsis" title={s.directory}>
        {projectLabel ?? baseName(s.directory)}
      </td>
      <td className="ellipsis" title={agents}>
        {agents}
      </td>
      <td className="ellipsis muted" title={s.models.join(', ')}>
        {models}
      </td>
      <td className="num" data-col="messages">
        {formatCount(s.messageCount)}
      </td>
      <td className="num" data-col="tokens" title={formatCount(totalTokenCount(s.tokens))}>
        {formatCompact(totalTokenCount(s.tokens))}
      </td>
      <td className="num" data-col="context">
        <ContextMeter use={s.contextUse} />
      </td>
      <td className="num" data-col="cost">
        <CostFigure value={s} />
      </td>
      <td className={`num${s.childCount > 0 ? '' : ' muted'}`} data-col="total-cost">
        <CostFigure value={s.total} />
      </td>
      <td className="num muted">
        <RelativeTime ms={s.lastActivity} />
      </td>
    </tr>
  );
}
