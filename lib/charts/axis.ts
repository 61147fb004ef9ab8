/**
 * The cost axis of a chart: `show` false when every cost is $0 (no "$0–$4" axis for a session that
 * cost nothing); otherwise a domain from 0 to the largest cost, so the scale fits the data.
 */
export function costAxis(rows: readonly object[], keys: readonly string[]): { show: boolean; max: number } {
  let max = 0;
  for (const row of rows) {
    for (const key of keys) {
      const v = (row as Record<string, unknown>)[key];
      if (typeof v === 'number' && Number.isFinite(v) && v > max) max = v;
    }
  }
  return { show: max > 0, max };
}

/**
 * At most `max` evenly spaced tick values, first and last included: charts side by side that get the
 * same values show the same ticks (recharts otherwise thins each by its own width). A regular tick
 * closer to the last than a step gives way to it: on a phone a step is about one label wide, and
 * "Nov 25" beside "Nov 26" read "Nov 25Nov 26".
 */
export function evenTicks<T>(values: readonly T[], max = 8): T[] {
  if (values.length <= max) return [...values];
  const lastIndex = values.length - 1;
  const step = Math.ceil(lastIndex / (max - 1));
  const out: T[] = [];
  let i = 0;
  for (; i < lastIndex; i += step) out.push(values[i]!);
  if (out.length > 1 && lastIndex - (i - step) < step) out.pop();
  out.push(values[lastIndex]!);
  return out;
}
