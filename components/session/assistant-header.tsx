import { RelativeTime } from '@/components/ui/relative-time';
import { formatCost } from '@/lib/format/format-cost';
import { formatDuration } from '@/lib/format/format-duration';
import { formatCompact } from '@/lib/format/format-tokens';
import { totalTokenCount } from '@/lib/model/tokens';
import type { MessageInfo } from '@/lib/model/message';

export function AssistantHeader({ info }: { info: MessageInfo }) {
  const duration = info.time.completed !== undefined ? info.time.completed - info.time.created : undefined;
  const tokens = totalTokenCount(info.tokens);
  return (
    <header className="assistant-head row-head" data-message-id={info.id}>
      <strong>{info.sideCall ? 'Side call' : info.summary ? 'Summary' : 'Assistant'}</strong>
      {info.sideCall ? <span className="chip subtle" title="A model call the agent made for itself: counted in the session's spend">{info.sideCall}</span> : null}
      {info.agent ? <span className="chip">{info.agent}</span> : null}
      {info.modelID ? <span className="muted small">{info.modelID}</span> : null}
      <span className="muted small">
        <RelativeTime ms={info.time.created} />
        {duration !== undefined ? ` · ${formatDuration(duration)}` : ' · still open'}
      </span>
      <span className="spacer" />
      {tokens > 0 ? <span className="small muted">{formatCompact(tokens)} tok</span> : null}
      {info.cost > 0 ? <span className="small">{formatCost(info.cost)}</span> : null}
      {info.finish ? <span className="chip subtle">{info.finish}</span> : null}
    </header>
  );
}
