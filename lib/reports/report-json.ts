import type { ReportRow } from './report-rows';

/** A row as `--json` prints it: costs in USD with their status, tokens by kind. */
export interface ReportJsonRow {
  key: string;
  label: string;
  messages: number;
  tokens: ReportRow['tokens'];
  /** `null`: no agent of the row records a cost (Codex CLI, Gemini CLI). */
  recordedCostUSD: number | null;
  recordedCostPartial: boolean;
  apiCostUSD: number;
  unpricedMessages: number;
  unpricedModels: string[];
  models?: ReportJsonRow[];
}

export interface ReportJson {
  report: string;
  timeZone: string;
  filters: { since?: string; until?: string; source?: string; project?: string };
  /** False while a source could not be read: the figures are missing some usage, not zero. */
  complete: boolean;
  rows: ReportJsonRow[];
  totals: ReportJsonRow;
}

export function reportJsonRow(row: ReportRow): ReportJsonRow {
  const out: ReportJsonRow = {
    key: row.key,
    label: row.label,
    messages: row.messages,
    tokens: row.tokens,
    recordedCostUSD: row.recordedCost,
    recordedCostPartial: row.recordedPartly,
    apiCostUSD: row.apiCost,
    unpricedMessages: row.unpricedMessages,
    unpricedModels: row.unpricedModels,
  };
  if (row.models) out.models = row.models.map(reportJsonRow);
  return out;
}
