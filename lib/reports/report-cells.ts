import { formatCost } from '@/lib/format/format-cost';
import type { ReportRow } from './report-rows';

/** Marks a recorded cost that leaves out agents recording none (named in the table's notes). */
export const PARTLY_RECORDED = '+';
/** Marks an API-price cost that leaves out unpriced models (named in the table's notes). */
export const PARTLY_PRICED = '*';

/** "not recorded" where no agent recorded a cost (Codex CLI, Gemini CLI): never a false $0.00. */
export function recordedCell(row: Pick<ReportRow, 'recordedCost' | 'recordedPartly' | 'messages'>): string {
  if (row.messages === 0) return '-';
  if (row.recordedCost === null) return 'not recorded';
  return `${formatCost(row.recordedCost)}${row.recordedPartly ? PARTLY_RECORDED : ''}`;
}

/** "unpriced" where no model of the row has a known price; a lower bound (marked) where some have none. */
export function apiCostCell(row: Pick<ReportRow, 'apiCost' | 'unpricedMessages' | 'messages'>): string {
  if (row.messages === 0) return '-';
  if (row.unpricedMessages > 0 && row.apiCost === 0) return 'unpriced';
  return `${formatCost(row.apiCost)}${row.unpricedMessages > 0 ? PARTLY_PRICED : ''}`;
}
