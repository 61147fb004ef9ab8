'use client';
import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '@/components/ui/error-state';
import { Loading } from '@/components/ui/loading';
import { Panel } from '@/components/ui/panel';
import { fetchJson } from '@/lib/client/fetch-json';
import { plural } from '@/lib/format/plural';
import type { TeamToolRow } from '@/lib/team/team-query';
import { TEAM_REFRESH_MS } from './use-team';

/** The team's tool calls per tool over the chart range: how often, how often they failed, by how many people. */
export function TeamTools({ from, rangeLabel }: { from: number | undefined; rangeLabel: string }) {
  const tools = useQuery({
    queryKey: ['team', 'tools', from],
    queryFn: () => fetchJson<{ tools: TeamToolRow[] }>(`/api/team/tools?limit=12${from === undefined ? '' : `&from=${from}`}`),
    refetchInterval: TEAM_REFRESH_MS,
    retry: false,
  });
  const rows = tools.data?.tools ?? [];
  const top = rows[0]?.calls ?? 0;
  return (
    <Panel title={`Tool calls across the team (${rangeLabel.toLowerCase()})`} id="team-tools">
      {tools.error ? <ErrorState what="the team's tool calls" error={tools.error} /> : null}
      {!tools.data && !tools.error ? <Loading what="tool calls" /> : null}
      {tools.data && rows.length === 0 ? <p className="muted">No tool call published in this range.</p> : null}
      <ul className="bar-list source-totals" data-testid="team-tools">
        {rows.map((t) => (
          <li key={t.tool} data-key={t.tool}>
            <div className="bar-label">{t.tool}</div>
            <div className="bar-track" aria-hidden>
              <div className="bar-fill" style={{ width: `${top > 0 ? Math.max(1, (t.calls / top) * 100) : 0}%` }} />
            </div>
            <div className="bar-value" data-col="calls">
              {plural(t.calls, 'call')}
            </div>
            <div className="bar-sub muted">
              {t.errors > 0 ? `${plural(t.errors, 'error')} · ` : ''}
              {t.rejected > 0 ? `${t.rejected} turned down · ` : ''}
              {plural(t.people, 'person', 'people')}
            </div>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
