import 'server-only';
import { parsedNestsDeeperThan, TOO_DEEP_REASON } from '@/lib/model/json-depth';
import { skimmedLine, type SkimRule } from './jsonl-skim';

const NEWLINE = 0x0a;

export interface JsonlRecord {
  /** 1-based line number, for issues. */
  line: number;
  value: unknown;
  /** The line's size in bytes. */
  size: number;
  /** Its byte offset in what was parsed (a JSONL file's lines). */
  start?: number;
}

export interface JsonlParse {
  records: JsonlRecord[];
  /** Lines that are not JSON. An unterminated last line is not listed: it is a write in progress. */
  bad: { line: number; reason: string }[];
}

/**
 * Lenient JSONL: blank lines are skipped, a bad line is reported and skipped, never fatal. Bytes are
 * decoded a line at a time (a line of plain ASCII stays a one-byte string, which decodes and parses
 * faster than the whole file as one two-byte string when a single line has a non-ASCII character).
 */
export function parseJsonl(input: string | Buffer, skim: readonly SkimRule[] = []): JsonlParse {
  const out: JsonlParse = { records: [], bad: [] };
  const bytes = typeof input === 'string' ? Buffer.from(input) : input;
  const complete = bytes.length > 0 && bytes[bytes.length - 1] === NEWLINE;
  let lineNumber = 0;
  for (let start = 0; start < bytes.length; ) {
    let end = bytes.indexOf(NEWLINE, start);
    const last = end < 0;
    if (last) end = bytes.length;
    lineNumber++;
    const lineAt = start;
    start = end + 1;
    if (end === lineAt) continue;
    const quick = skim.length > 0 ? skimmedLine(bytes, lineAt, end, skim) : undefined;
    if (quick !== undefined) {
      out.records.push({ line: lineNumber, value: quick, size: end - lineAt, start: lineAt });
      continue;
    }
    const line = bytes.toString('utf8', lineAt, end).trim();
    if (!line) continue;
    let value: unknown;
    try {
      value = JSON.parse(line) as unknown;
    } catch {
      if (!complete && last) continue;
      // Never the parser's message: it quotes the line, which may be a symlinked secret.
      out.bad.push({ line: lineNumber, reason: 'invalid JSON' });
      continue;
    }
    if (parsedNestsDeeperThan(line, value)) out.bad.push({ line: lineNumber, reason: TOO_DEEP_REASON });
    else out.records.push({ line: lineNumber, value, size: end - lineAt, start: lineAt });
  }
  return out;
}

/** ISO timestamp or epoch ms -> ms; undefined when unreadable. */
export function timeOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value < 1e12 ? value * 1000 : value;
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
}
