'use client';
import { ErrorState } from '@/components/ui/error-state';
import { Loading } from '@/components/ui/loading';
import { Panel } from '@/components/ui/panel';
import { Stat } from '@/components/ui/stat';
import { blockLimitView } from '@/lib/blocks/block-limit';
import { formatCost } from '@/lib/format/format-cost';
import { formatDuration } from '@/lib/format/format-duration';
import { formatCompact, formatTokens } from '@/lib/format/format-tokens';
import { BlockLimitForm } from './block-limit-form';
import { useActiveBlock } from './use-active-block';
import { useBlockLimit } from './use-block-limit';

const pad = (n: number) => String(n).padStart(2, '0');
/** "16:00" in the browser's zone. */
const clock = (ms: number) => `${pad(new Date(ms).getHours())}:${pad(new Date(ms).getMinutes())}`;
const MINUTE = 60_000;

/** The five-hour block running now (as ccusage's `blocks`): spend, tokens, burn rate, where it ends up, against the person's limit. */
export function ActiveBlock() {
  const query = useActiveBlock();
  const [limit, setLimit] = useBlockLimit();
  const data = query.data;
  const block = data?.complete ? data.block : undefined;
  const view = block && limit ? blockLimitView(block, limit) : undefined;
  return (
    <Panel title="Five-hour block" id="active-block" className="active-block" actions={<BlockLimitForm key={limit ? `${limit.unit}:${limit.value}` : 'none'} limit={limit} onChange={setLimit} />}>
      {query.error ? <ErrorState what="the active block (/api/blocks)" error={query.error} /> : null}
      {!query.error && (!data || !data.complete) ? <Loading what="the active block" counting={data?.complete === false} /> : null}
      {data?.complete && !data.block ? <p className="muted" data-testid="no-active-block">No block running: the next reply starts one, for five hours from its hour.</p> : null}
      {block && data ? (
        <>
          <p className="muted small" data-testid="block-window">
            {clock(block.start)} – {clock(block.end)} · {formatDuration(Math.round((block.end - data.now) / MINUTE) * MINUTE)} left · {block.entries} replies · {block.models.join(', ')}
          </p>
          <div className="stats-row">
            <Stat testId="block-cost" label="Spend so far" value={`${formatCost(block.cost)}${block.unpricedEntries > 0 ? '*' : ''}`} detail={block.unpricedEntries > 0 ? `* ${block.unpricedEntries} replies of unpriced models left out` : undefined} />
            <Stat testId="block-tokens" label="Tokens" value={formatTokens(block.totalTokens)} detail={`${formatCompact(block.tokens.input + block.tokens.output)} input and output`} />
            <Stat testId="block-rate" label="Burn rate" value={block.burnRate ? `${formatCost(block.burnRate.costPerHour)}/h` : '—'} detail={block.burnRate ? `${formatCompact(block.burnRate.tokensPerMinute)} tokens/min` : 'one reply so far'} />
            <Stat testId="block-projection" label="At its end, at this rate" value={block.projection ? formatCost(block.projection.totalCost) : '—'} detail={block.projection ? formatTokens(block.projection.totalTokens) : undefined} />
          </div>
          {view ? (
            <div className={`block-limit level-${view.level}`} data-testid="block-limit" data-level={view.level}>
              <div className="block-limit-track" role="img" aria-label={view.text}>
                <span className="block-limit-used" style={{ width: `${Math.min(100, view.used * 100)}%` }} />
                {view.projected !== undefined ? <span className="block-limit-projected" style={{ left: `${Math.min(100, view.projected * 100)}%` }} /> : null}
              </div>
              <p className="small">{view.text}</p>
            </div>
          ) : (
            <p className="muted small">Set a limit to see this block against it.</p>
          )}
        </>
      ) : null}
    </Panel>
  );
}
