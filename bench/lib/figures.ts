export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index] as number;
}

export const median = (values: readonly number[]): number => quantile(values, 0.5);

export function ms(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  return value >= 100 ? `${value.toFixed(0)} ms` : value >= 10 ? `${value.toFixed(1)} ms` : `${value.toFixed(2)} ms`;
}

export const sleep = (millis: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, millis));

/** One line of the report: a figure, what it is compared with, and whether it meets its target. */
export interface ResultRow {
  section: string;
  name: string;
  value: string;
  baseline?: string;
  ratio?: number;
  target?: string;
  pass?: boolean;
  note?: string;
}

export const rows: ResultRow[] = [];

export function report(row: ResultRow): void {
  rows.push(row);
  const verdict = row.pass === undefined ? '' : row.pass ? 'PASS' : 'MISS';
  const parts = [
    `[${row.section}] ${row.name}: ${row.value}`,
    row.baseline ? `baseline ${row.baseline}` : '',
    row.ratio !== undefined ? `ratio ${row.ratio.toFixed(2)}x` : '',
    row.target ? `target ${row.target}` : '',
    verdict,
    row.note ? `(${row.note})` : '',
  ];
  console.log(parts.filter(Boolean).join('  '));
}

export function markdownTable(): string {
  const lines = ['| section | figure | value | baseline | ratio | target | result |', '|---|---|---|---|---|---|---|'];
  for (const r of rows) {
    const verdict = r.pass === undefined ? '' : r.pass ? 'PASS' : '**MISS**';
    const name = r.note ? `${r.name} (${r.note})` : r.name;
    lines.push(`| ${r.section} | ${name} | ${r.value} | ${r.baseline ?? ''} | ${r.ratio !== undefined ? `${r.ratio.toFixed(2)}x` : ''} | ${r.target ?? ''} | ${verdict} |`);
  }
  return lines.join('\n');
}
