/** USD for people: 4 significant digits under a cent ($0.0042), cents under $1000, whole dollars above. */
export function formatCost(usd: number): string {
  if (!Number.isFinite(usd)) return '—';
  const sign = usd < 0 ? '-' : '';
  const v = Math.abs(usd);
  if (v === 0) return '$0.00';
  if (v < 0.0001) return `${sign}<$0.0001`;
  if (v < 0.01) return `${sign}$${v.toFixed(4)}`;
  if (v < 1) return `${sign}$${v.toFixed(3)}`;
  if (v < 1000) return `${sign}$${v.toFixed(2)}`;
  return `${sign}$${Math.round(v).toLocaleString('en-US')}`;
}

/**
 * USD on a chart axis: ticks are round numbers, so no padding digits ("$0.80" beside "$1.60", not
 * "$0.800"); cents from a dime up, as few digits as the tick has below.
 */
export function formatCostTick(usd: number): string {
  if (!Number.isFinite(usd)) return '';
  const v = Math.abs(usd);
  if (v === 0) return '$0';
  if (v < 0.0001 || v >= 1000) return formatCost(usd);
  const sign = usd < 0 ? '-' : '';
  if (v >= 0.1) return `${sign}$${v.toFixed(2)}`;
  // Two significant digits at most, no padding zeros (JS writes no exponent from 1e-4 up).
  return `${sign}$${String(Number(v.toPrecision(2)))}`;
}
