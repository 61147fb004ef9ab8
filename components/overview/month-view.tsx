'use client';
import { useQuery } from '@tanstack/react-query';
import { stillCounting } from '@/lib/view/index-phase';
import { useStats } from '@/components/charts/use-stats';
import { CostFigure } from '@/components/ui/cost-figure';
import { ErrorState } from '@/components/ui/error-state';
import { Counting } from '@/components/ui/loading';
import { Panel } from '@/components/ui/panel';
import { Stat } from '@/components/ui/stat';
import { fetchJson } from '@/lib/client/fetch-json';
import { formatTokens } from '@/lib/format/format-tokens';
import { queryKeys } from '@/lib/live/query-keys';
import type { SessionsResponse } from '@/lib/view/api-types';
import { formatChange, monthKeys, monthOverMonth } from '@/lib/view/month-comparison';

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const monthName = (key: string) => MONTH_NAMES[Number(key.slice(5, 7)) - 1] ?? key;

/** Sessions active in [from, to): the API's total, one row fetched. */
function useSessionCount(from: number, to?: number) {
  const params = `from=${from}${to !== undefined ? `&to=${to - 1}` : ''}&limit=1`;
  return useQuery({ queryKey: queryKeys.sessions(params), queryFn: () => fetchJson<SessionsResponse>(`/api/sessions?${params}`) });
}

/** This month so far against last month: spend, tokens, sessions, and the change in percent. */
export function MonthView({ now }: { now: number }) {
  const keys = monthKeys(now);
  const stats = useStats(`groupBy=month&from=${keys.lastStart}`);
  const thisSessions = useSessionCount(keys.thisStart);
  const lastSessions = useSessionCount(keys.lastStart, keys.thisStart);
  const counting = stats.counting || !thisSessions.data || stillCounting(thisSessions.data.index);
  if (stats.error) return <ErrorState what="the month view (/api/stats)" error={stats.error} />;
  const sessions = thisSessions.data && lastSessions.data ? { thisMonth: thisSessions.data.total, lastMonth: lastSessions.data.total } : undefined;
  const m = stats.data ? monthOverMonth(stats.data.groups, now, sessions) : undefined;
  const change = (value: number | undefined, current: number, testId: string) => (
    <span className="month-change" data-testid={testId}>
      {formatChange(value, current)} vs {monthName(keys.lastMonth)}
    </span>
  );
  const pending = counting ? <Counting /> : '…';
  return (
    <Panel title={`${monthName(keys.thisMonth)} so far vs ${monthName(keys.lastMonth)}`} id="month-view">
      <div className="stats-row" data-testid="month-view">
        <Stat
          testId="mom-cost"
          label={`${monthName(keys.thisMonth)}: cost`}
          value={m && !counting ? <CostFigure value={m.thisMonth} align="start" /> : pending}
          detail={m && !counting ? change(m.change.cost, m.thisMonth.cost, 'mom-cost-change') : undefined}
        />
        <Stat
          testId="mom-tokens"
          label={`${monthName(keys.thisMonth)}: tokens`}
          value={m && !counting ? formatTokens(m.thisMonth.tokens) : pending}
          detail={m && !counting ? change(m.change.tokens, m.thisMonth.tokens, 'mom-tokens-change') : undefined}
        />
        <Stat
          testId="mom-sessions"
          label={`${monthName(keys.thisMonth)}: sessions`}
          value={sessions && !counting ? sessions.thisMonth : pending}
          detail={m && sessions && !counting ? change(m.change.sessions, sessions.thisMonth, 'mom-sessions-change') : undefined}
        />
        <Stat
          testId="last-month"
          label={`${monthName(keys.lastMonth)} (whole month)`}
          value={m && !counting ? <CostFigure value={m.lastMonth} align="start" /> : pending}
          detail={m && sessions && !counting ? `${formatTokens(m.lastMonth.tokens)} · ${sessions.lastMonth} sessions` : undefined}
        />
      </div>
    </Panel>
  );
}
