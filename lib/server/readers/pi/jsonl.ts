import 'server-only';
import { nestsDeeperThan, TOO_DEEP_REASON } from '@/lib/model/json-depth';

export interface JsonlRecord {
  /** 1-based line number, for issues. */
  line: number;
  value: unknown;
  /** Length of the line (characters). */
  size: number;
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
    let value: unknown;
    try {
      value = JSON.parse(line) as unknown;
    } catch {
      if (!complete && i === lines.length - 1) return;
      // Never the parser's message: it quotes the line, which may be a symlinked secret.
      return void out.bad.push({ line: i + 1, reason: 'invalid JSON' });
    }
    if (nestsDeeperThan(value)) out.bad.push({ line: i + 1, reason: TOO_DEEP_REASON });
    else out.records.push({ line: i + 1, value, size: line.length });
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
