import 'server-only';

export interface JsonlRecord {
  /** 1-based line number, for issues. */
  line: number;
  value: unknown;
}

export interface JsonlParse {
  records: JsonlRecord[];
  /** Lines that are not JSON. An unterminated last line is not listed: it is a write in progress. */
  bad: { line: number; reason: string }[];
}

/** Lenient JSONL: blank lines are skipped, a bad line is reported and skipped, never fatal. */
export function parseJsonl(text: string): JsonlParse {
  const out: JsonlParse = { records: [], bad: [] };
  const lines = text.split('\n');
  const complete = text.endsWith('\n');
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    try {
      out.records.push({ line: i + 1, value: JSON.parse(line) as unknown });
    } catch (err) {
      if (!complete && i === lines.length - 1) return;
      out.bad.push({ line: i + 1, reason: err instanceof Error ? err.message : 'invalid JSON' });
    }
  });
  return out;
}

/** ISO timestamp or epoch ms -> ms; undefined when unreadable. */
export function timeOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value < 1e12 ? value * 1000 : value;
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
}
