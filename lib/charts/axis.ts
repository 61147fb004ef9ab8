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
 * same values show the same ticks (recharts otherwise thins each by its own width).
 */
export function evenTicks<T>(values: readonly T[], max = 8): T[] {
  if (values.length <= max) return [...values];
  const step = Math.ceil((values.length - 1) / (max - 1));
  const out: T[] = [];
  for (let i = 0; i < values.length - 1; i += step) out.push(values[i]!);
  const last = values.at(-1)!;
  if (out.length === max) out[max - 1] = last;
  else out.push(last);
  return out;
}
