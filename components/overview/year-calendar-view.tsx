import { shadeOf } from '@/lib/activity/activity-grid';
import { describeCell } from '@/lib/activity/activity-format';
import type { ActivityMetric } from '@/lib/activity/activity-hours';
import type { YearCalendar } from '@/lib/activity/year-calendar';

/** A column per week (Monday at the top), a square per day, shaded by the chosen metric. */
export function YearCalendarView({ calendar, metric }: { calendar: YearCalendar; metric: ActivityMetric }) {
  return (
    <div className="year-calendar" data-testid="year-calendar" style={{ ['--weeks' as string]: calendar.weeks.length }}>
      <div className="calendar-months muted" aria-hidden>
        {calendar.months.map((m) => (
          <span key={`${m.week}-${m.label}`} style={{ gridColumn: `${m.week + 1} / span 4` }}>
            {m.label}
          </span>
        ))}
      </div>
      <div className="calendar-days" role="list" aria-label={`Use per day over the last year (${metric})`}>
        {calendar.weeks.flatMap((week, w) =>
          week.map((day, i) => {
            if (!day) return <span key={`${w}-${i}`} className="calendar-empty" aria-hidden />;
            const text = describeCell(day.day, day);
            return <span key={day.day} role="listitem" className="shade" data-day={day.day} data-shade={shadeOf(day[metric], calendar.max[metric])} title={text} aria-label={text} />;
          }),
        )}
      </div>
    </div>
  );
}
