'use client';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Panel } from '@/components/ui/panel';
import { useNow } from '@/components/ui/use-now';
import { ErrorState } from '@/components/ui/error-state';
import { Loading } from '@/components/ui/loading';
import { StackedCostChart } from '@/components/charts/stacked-cost-chart';
import { fetchJson } from '@/lib/client/fetch-json';
import { queryKeys } from '@/lib/live/query-keys';
import { costByDayAndModel } from '@/lib/charts/cost-by-day-model';
import type { SessionsResponse } from '@/lib/view/api-types';
import type { Periods } from '@/lib/view/periods';

export function CostByModelPerDay({ periods }: { periods: Periods }) {
  const params = `from=${periods.monthStart}&sort=lastActivity&order=desc&limit=1000`;
  const sessions = useQuery({ queryKey: queryKeys.sessions(params), queryFn: () => fetchJson<SessionsResponse>(`/api/sessions?${params}`) });
  const now = useNow(60_000);
  const data = useMemo(() => (sessions.data ? costByDayAndModel(sessions.data.sessions, periods.monthStart, now) : undefined), [sessions.data, periods.monthStart, now]);
  const capped = sessions.data && sessions.data.total > sessions.data.sessions.length;
  return (
    <Panel title="Cost per day by model (30 days)" id="model-days">
      {sessions.error ? <ErrorState what="sessions" error={sessions.error} /> : null}
      {!data && !sessions.error ? <Loading what="sessions" /> : null}
      {data ? <StackedCostChart data={data} label="Cost per day stacked by model" /> : null}
      <p className="footnote muted">
        Approximate: each session&apos;s cost spread over the days it was active, split across its models{capped ? `; the ${sessions.data?.sessions.length} most recent sessions` : ''}.
      </p>
    </Panel>
  );
}
