const UNITS: [number, string][] = [
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'k'],
];

/** Compact counts: 950, 12.3k, 4.56M. One decimal from 10 up, two below. */
export function formatCompact(n: number): string {
  if (!Number.isFinite(n)) return '—';
  const sign = n < 0 ? '-' : '';
  const v = Math.abs(n);
  for (const [size, unit] of UNITS) {
    if (v >= size * 0.9995) {
      const scaled = v / size;
      const digits = scaled >= 100 ? 0 : scaled >= 10 ? 1 : 2;
      return `${sign}${Number(scaled.toFixed(digits))}${unit}`;
    }
  }
  return `${sign}${Math.round(v)}`;
}

/** "12.3k tokens" */
export function formatTokens(n: number): string {
  return `${formatCompact(n)} ${Math.round(Math.abs(n)) === 1 ? 'token' : 'tokens'}`;
}

/** Grouped integer: 12,345 */
export function formatCount(n: number): string {
  return Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '—';
}

/** 0.873 -> "87%" */
export function formatPercent(ratio: number | undefined): string {
  if (ratio === undefined || !Number.isFinite(ratio)) return '—';
  // A little is not nothing: 805 tokens of a 200k window is "<1%", never "0%".
  if (ratio > 0 && ratio < 0.005) return '<1%';
  return `${Math.round(ratio * 100)}%`;
}
