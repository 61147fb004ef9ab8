'use client';
import { useNow } from '@/components/ui/use-now';
import { matchingQuickRange, QUICK_RANGE_LABELS, QUICK_RANGES, quickRangeDays, type DayRange, type QuickRange } from '@/lib/view/quick-ranges';

/** Today / 7 days / 30 days / this month / this year / all: one click sets the range (local days). */
export function QuickRanges({ value, onChange, label = 'Quick range' }: { value: DayRange; onChange: (range: DayRange, quick: QuickRange) => void; label?: string }) {
  const now = useNow(60_000);
  const active = matchingQuickRange(value, now);
  return (
    <div className="segmented quick-ranges" role="group" aria-label={label} data-testid="quick-ranges">
      {QUICK_RANGES.map((r) => (
        <button key={r} type="button" aria-pressed={active === r} data-range={r} onClick={() => onChange(quickRangeDays(r, now), r)}>
          {QUICK_RANGE_LABELS[r]}
        </button>
      ))}
    </div>
  );
}
