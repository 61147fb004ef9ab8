'use client';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { ErrorState } from '@/components/ui/error-state';
import { Loading } from '@/components/ui/loading';
import { Panel } from '@/components/ui/panel';
import { useNow } from '@/components/ui/use-now';
import { insightsApiParams, insightsStateFrom, insightsUrl, type InsightsPageState } from '@/lib/insights/insights-params';
import { QUICK_RANGE_LABELS } from '@/lib/view/quick-ranges';
import { InsightsFilters } from './insights-filters';
import { InsightsTable } from './insights-table';
import { useInsights } from './use-insights';

const TITLES = { tool: 'Tools', model: 'Models', agent: 'Agents' } as const;

/** Tools & models: per tool, model or agent, from the session database (what the URL says to show). */
export function InsightsView() {
  const url = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const now = useNow(60_000);
  const state = insightsStateFrom(new URLSearchParams(url.toString()));
  const setState = (next: InsightsPageState) => {
    const query = insightsUrl(next);
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  };
  const insights = useInsights(insightsApiParams(state, now));
  const data = insights.data;
  return (
    <div className="page insights">
      <h1>Tools &amp; models</h1>
      <InsightsFilters state={state} onChange={setState} now={now} />
      <Panel title={`${TITLES[state.by]} · ${QUICK_RANGE_LABELS[state.range].toLowerCase()}`} id="insights">
        {insights.error ? <ErrorState what="tool and model insights (/api/insights)" error={insights.error} /> : null}
        {!data && !insights.error ? <Loading what="tool calls" counting={insights.counting} /> : null}
        {data && !data.available ? <p className="muted">Tool insights come from the session database, which this dashboard runs without (see Diagnostics).</p> : null}
        {data?.available && data.rows.length === 0 ? <p className="muted" data-testid="insights-none">Nothing in this range.</p> : null}
        {data?.available && data.rows.length > 0 ? <InsightsTable rows={data.rows} by={state.by} /> : null}
        <p className="muted small">
          Durations are from a call&apos;s start to its end, where the agent records both. Output speed is output tokens over each reply&apos;s time from start to end (tool runs inside one reply
          included, where an agent writes several steps as one reply). Time to first token where the agent records it (oh-my-pi; not yet OpenCode&apos;s or Claude Code&apos;s).
        </p>
      </Panel>
    </div>
  );
}
