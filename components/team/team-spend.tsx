'use client';
import { ErrorState } from '@/components/ui/error-state';
import { Loading } from '@/components/ui/loading';
import { Panel } from '@/components/ui/panel';
import { formatCost } from '@/lib/format/format-cost';
import { formatCompact } from '@/lib/format/format-tokens';
import { plural } from '@/lib/format/plural';
import { spendBars } from '@/lib/team/spend-bars';
import type { TeamGrouping } from '@/lib/team/team-query';
import { useTeamStats } from './use-team';

const TITLES: Record<TeamGrouping, string> = { person: 'Spend per person', machine: 'Spend per machine' };

/** The team's spend per person or machine over the chart range, summed by the team's PostgreSQL. */
export function TeamSpend({ by, from, rangeLabel }: { by: TeamGrouping; from: number | undefined; rangeLabel: string }) {
  const stats = useTeamStats(`groupBy=${by}${from === undefined ? '' : `&from=${from}`}`);
  const bars = stats.data ? spendBars(stats.data.groups) : [];
  return (
    <Panel title={`${TITLES[by]} (${rangeLabel.toLowerCase()})`} id={`team-by-${by}`}>
      {stats.error ? <ErrorState what={`the team's spend per ${by}`} error={stats.error} /> : null}
      {!stats.data && !stats.error ? <Loading what={`spend per ${by}`} /> : null}
      {stats.data && bars.length === 0 ? <p className="muted">No spend in this range.</p> : null}
      <ul className="bar-list source-totals" data-testid={`team-by-${by}`}>
        {bars.map((bar) => (
          <li key={bar.key} data-key={bar.key}>
            <div className="bar-label">{bar.key || '(unnamed)'}</div>
            <div className="bar-track" aria-hidden>
              <div className="bar-fill" style={{ width: `${Math.max(bar.spend > 0 ? 1 : 0, bar.share * 100)}%` }} />
            </div>
            <div className="bar-value" data-col="cost">
              {formatCost(bar.storedCost)}
            </div>
            <div className="bar-sub muted">
              {plural(bar.messages, 'reply', 'replies')} · {formatCompact(bar.tokens)} tok{bar.computedCost > 0 ? ` · ${formatCost(bar.computedCost)} at API prices` : ''}
            </div>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
