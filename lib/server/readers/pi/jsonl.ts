import 'server-only';
import { parsedNestsDeeperThan, TOO_DEEP_REASON } from '@/lib/model/json-depth';

export interface JsonlRecord {
  /** 1-based line number, for issues. */
  line: number;
  value: unknown;
  /** Length of the line (characters; bytes for a skimmed line, whose kind shows nothing by size). */
  size: number;
}

export interface JsonlParse {
  records: JsonlRecord[];
  /** Lines that are not JSON. An unterminated last line is not listed: it is a write in progress. */
  bad: { line: number; reason: string }[];
}

/**
 * A line kind read only up to one of its top-level keys: what follows (a large body nothing shown
 * needs, such as Claude Code's `api-request-shape`) is neither decoded nor parsed. A line that does
 * not have exactly this shape (prefix, then the key at the top level after a comma, then `}` at the
 * end) is parsed whole. Damage inside the skipped body goes unreported; the line's kind, and
 * everything before the key, is read as usual.
 */
export interface SkimRule {
  /** The line's first bytes, e.g. `{"type":"api-request-shape",`. */
  prefix: Buffer;
  /** The key whose value and everything after it are skipped, e.g. `"shape":`. */
  skipFrom: Buffer;
}

export function skimRule(prefix: string, skipFrom: string): SkimRule {
  return { prefix: Buffer.from(prefix), skipFrom: Buffer.from(skipFrom) };
}

const NEWLINE = 0x0a;
const COMMA = 0x2c;
const CLOSE = 0x7d;

/** The line's value read up to a skim rule's key, or undefined to parse it whole. */
function skimmed(bytes: Buffer, start: number, end: number, rules: readonly SkimRule[]): unknown {
  for (const rule of rules) {
    if (end - start <= rule.prefix.length || bytes.compare(rule.prefix, 0, rule.prefix.length, start, start + rule.prefix.length) !== 0) continue;
    let last = end - 1;
    while (last > start && (bytes[last] === 0x20 || bytes[last] === 0x0d || bytes[last] === 0x09)) last--;
    const cut = bytes.indexOf(rule.skipFrom, start + rule.prefix.length - 1);
    if (bytes[last] !== CLOSE || cut < 0 || cut >= end || bytes[cut - 1] !== COMMA) return undefined;
    try {
      const value = JSON.parse(`${bytes.toString('utf8', start, cut - 1)}}`) as unknown;
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
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
    const quick = skim.length > 0 ? skimmed(bytes, lineAt, end, skim) : undefined;
    if (quick !== undefined) {
      out.records.push({ line: lineNumber, value: quick, size: end - lineAt });
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
    else out.records.push({ line: lineNumber, value, size: line.length });
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
