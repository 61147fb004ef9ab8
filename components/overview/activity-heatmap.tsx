import { shadeOf, WEEKDAYS, type WeekdayHourGrid } from '@/lib/activity/activity-grid';
import { describeCell } from '@/lib/activity/activity-format';
import type { ActivityMetric } from '@/lib/activity/activity-hours';

const HOUR_TICKS = [0, 6, 12, 18];

/** Weekday rows × 24 local hours, shaded by the chosen metric. */
export function ActivityHeatmap({ grid, metric }: { grid: WeekdayHourGrid; metric: ActivityMetric }) {
  return (
    <div className="heatmap" role="table" aria-label={`Use by weekday and hour (${metric})`} data-testid="activity-heatmap">
      {grid.cells.map((row, d) => (
        <div className="heatmap-row" role="row" key={WEEKDAYS[d]}>
          <span className="heatmap-label muted" role="rowheader">
            {WEEKDAYS[d]}
          </span>
          {row.map((cell, h) => {
            const text = describeCell(`${WEEKDAYS[d]} ${String(h).padStart(2, '0')}:00`, cell);
            return <span key={h} role="cell" className="shade" data-shade={shadeOf(cell[metric], grid.max[metric])} title={text} aria-label={text} />;
          })}
        </div>
      ))}
      <div className="heatmap-row heatmap-hours muted" aria-hidden>
        <span className="heatmap-label" />
        {Array.from({ length: 24 }, (_, h) => (
          <span key={h}>{HOUR_TICKS.includes(h) ? String(h).padStart(2, '0') : ''}</span>
        ))}
      </div>
    </div>
  );
}
