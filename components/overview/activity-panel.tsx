'use client';
import { useMemo, useState } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { Loading } from '@/components/ui/loading';
import { Panel } from '@/components/ui/panel';
import { weekdayHourGrid } from '@/lib/activity/activity-grid';
import { METRIC_LABELS, metricValue } from '@/lib/activity/activity-format';
import type { ActivityMetric } from '@/lib/activity/activity-hours';
import { addDays, yearCalendar } from '@/lib/activity/year-calendar';
import { localDayKey } from '@/lib/format/format-time';
import { dayStart } from '@/lib/view/quick-ranges';
import type { OverviewRange } from '@/lib/view/overview-range';
import { ActivityHeatmap } from './activity-heatmap';
import { YearCalendarView } from './year-calendar-view';
import { useActivity } from './use-activity';

const METRICS: ActivityMetric[] = ['tokens', 'apiCost', 'cost'];

/** When in the week and day the agents ran (the charts' range), and every day of the last year. */
export function ActivityPanel({ range, today }: { range: OverviewRange; today: number }) {
  const [metric, setMetric] = useState<ActivityMetric>('tokens');
  const todayKey = localDayKey(today);
  const yearStart = addDays(todayKey, -7 * 53);
  // One request covers both: the year, or more when the charts' range reaches further back.
  const fromDay = range.from === undefined ? undefined : localDayKey(range.from);
  const askFrom = fromDay === undefined ? undefined : fromDay < yearStart ? fromDay : yearStart;
  const activity = useActivity(askFrom === undefined ? '' : `from=${dayStart(askFrom)}`);
  const grid = useMemo(() => (activity.data ? weekdayHourGrid(activity.data.hours, fromDay) : undefined), [activity.data, fromDay]);
  const calendar = useMemo(() => (activity.data ? yearCalendar(activity.data.hours, todayKey) : undefined), [activity.data, todayKey]);
  const toggle = (
    <div className="segmented" role="group" aria-label="Shade by">
      {METRICS.map((m) => (
        <button key={m} type="button" aria-pressed={metric === m} onClick={() => setMetric(m)}>
          {METRIC_LABELS[m]}
        </button>
      ))}
    </div>
  );
  return (
    <Panel title="Activity" actions={toggle} id="activity">
      {activity.error ? <ErrorState what="activity (/api/activity)" error={activity.error} /> : null}
      {!activity.data && !activity.error ? <Loading what="activity" counting={activity.counting} /> : null}
      {grid && calendar ? (
        <div className="activity-views">
          <section aria-labelledby="activity-week-title">
            <h3 id="activity-week-title" className="activity-title">
              By weekday and hour · {range.label.toLowerCase()} · <span data-testid="heatmap-total">{metricValue(grid.total, metric)}</span>
            </h3>
            <ActivityHeatmap grid={grid} metric={metric} />
          </section>
          <section aria-labelledby="activity-year-title">
            <h3 id="activity-year-title" className="activity-title">
              Every day, last 12 months · <span data-testid="calendar-total">{metricValue(calendar.total, metric)}</span>
            </h3>
            <YearCalendarView calendar={calendar} metric={metric} />
          </section>
        </div>
      ) : null}
    </Panel>
  );
}
