import { formatCount } from '@/lib/format/format-tokens';
import { apiCostCell, PARTLY_PRICED, PARTLY_RECORDED, recordedCell } from './report-cells';
import type { ReportRow } from './report-rows';
import { renderTextTable, type TextColumn, type TextRow } from './text-table';

const columns = (first: string): TextColumn[] => [
  { header: first, align: 'left', drop: 0, shrinks: true },
  { header: 'Messages', align: 'right', drop: 6 },
  { header: 'Input', align: 'right', drop: 4 },
  { header: 'Output', align: 'right', drop: 3 },
  { header: 'Cache read', align: 'right', drop: 5 },
  { header: 'Cache write', align: 'right', drop: 5 },
  { header: 'Tokens', align: 'right', drop: 2 },
  { header: 'Recorded', align: 'right', drop: 1 },
  { header: 'API price', align: 'right', drop: 0 },
];

function cellsOf(row: ReportRow, label: string): string[] {
  const t = row.tokens;
  return [label, formatCount(row.messages), formatCount(t.input), formatCount(t.output + t.reasoning), formatCount(t.cacheRead), formatCount(t.cacheWrite), formatCount(t.total), recordedCell(row), apiCostCell(row)];
}

/** What the marks in the table mean, said once under it, with the models that have no price. */
function notes(rows: readonly ReportRow[], total: ReportRow): string[] {
  const all = [...rows, ...rows.flatMap((r) => r.models ?? []), total];
  const out: string[] = [];
  if (all.some((r) => r.recordedCost === null || r.recordedPartly)) out.push(`${PARTLY_RECORDED} Codex CLI and Gemini CLI record no cost: "not recorded", and left out of a recorded figure marked ${PARTLY_RECORDED}.`);
  if (total.unpricedMessages > 0) out.push(`${PARTLY_PRICED} ${formatCount(total.unpricedMessages)} messages of models with no known price (${total.unpricedModels.join(', ')}) are left out of the API price.`);
  return out;
}

/** A report as a table no wider than `width`, with its breakdown (models) indented under each row. */
export function reportTable(first: string, rows: readonly ReportRow[], total: ReportRow, width: number): string {
  if (rows.length === 0) return 'No usage in this range.';
  const lines: TextRow[] = [];
  for (const row of rows) {
    lines.push(cellsOf(row, row.label));
    for (const model of row.models ?? []) lines.push(cellsOf(model, `  ${model.label}`));
  }
  lines.push('rule', cellsOf(total, 'Total'));
  return [renderTextTable(columns(first), lines, width), ...notes(rows, total)].join('\n');
}
