import 'server-only';
import { parseJsonl, timeOf, type JsonlParse } from '../pi/jsonl';
import type { SkimRule } from '../pi/jsonl-skim';
import type { ClaudeLine } from './claude-schema';
import { parseClaudeLine } from './parse-claude-line';

const NEWLINE = 0x0a;
const BRACE = 0x7b;
/**
 * Every assistant line has it (`"type":"assistant"`, `"role":"assistant"`): JSON written compact or
 * not. Inside a string a quote is escaped, so a hit is a structural string; a few other lines have
 * one (a nested record), and parse as what they are.
 */
const ASSISTANT = Buffer.from('"assistant"');
const TYPE_KEY = Buffer.from('"type":"');
const ASSISTANT_VALUE = Buffer.from('assistant"');
/** How far into a line its own `type` is looked for. */
const TYPE_WITHIN = 512;

/**
 * Whether a line says it is not a response before it opens any object of its own: a `"type":"…"`
 * there is its own type (a key and its value in a string would be escaped), and Claude Code writes
 * it first on its bookkeeping lines (requests and their bodies, cost-state) and before the message
 * on a user's (tool results). Those are most of a transcript's bytes; none is looked through.
 */
function saysOtherType(bytes: Buffer, start: number, end: number): boolean {
  const head = bytes.subarray(start + 1, Math.min(end, start + TYPE_WITHIN));
  const nested = head.indexOf(BRACE);
  const at = head.indexOf(TYPE_KEY);
  if (at < 0 || (nested >= 0 && nested < at)) return false;
  const value = at + TYPE_KEY.length;
  return head.length >= value + ASSISTANT_VALUE.length && head.compare(ASSISTANT_VALUE, 0, ASSISTANT_VALUE.length, value, value + ASSISTANT_VALUE.length) !== 0;
}

/**
 * The lines of a transcript that its usage comes from, for a first pass that totals a history before
 * it is read in full: its first lines up to one naming both the folder (`cwd`) and the session
 * (`sessionId`), which are the same lines a full read would take both from, then only the lines that
 * may be assistant responses. Those are a hundredth of a year of transcripts' bytes (tool results
 * and attachments are the rest): nothing else is decoded or parsed.
 */
export function usageLines(bytes: Buffer, skim: readonly SkimRule[]): JsonlParse {
  let headEnd = 0;
  for (let named = false; !named && headEnd < bytes.length; ) {
    const newline = bytes.indexOf(NEWLINE, headEnd);
    const end = newline < 0 ? bytes.length : newline + 1;
    const [record] = parseJsonl(bytes.subarray(headEnd, end), skim).records;
    const line = record && parseClaudeLine(record.value);
    named = Boolean(line?.cwd && line.sessionId);
    headEnd = end;
  }
  const kept: Buffer[] = [bytes.subarray(0, headEnd)];
  for (let start = headEnd; start < bytes.length; ) {
    const newline = bytes.indexOf(NEWLINE, start);
    const end = newline < 0 ? bytes.length : newline + 1;
    if (!saysOtherType(bytes, start, end)) {
      const line = bytes.subarray(start, end);
      if (line.includes(ASSISTANT)) kept.push(line);
    }
    start = end;
  }
  return parseJsonl(kept.length === 1 ? (kept[0] as Buffer) : Buffer.concat(kept), skim);
}

/**
 * Whether the usage lines map to the same responses as the whole transcript: a response without
 * its own uuid is named by its line's place, and one without a time takes the line above's, both
 * of which only the whole transcript has. Claude Code writes both on every line.
 */
export function usageLinesSuffice(lines: readonly ClaudeLine[]): boolean {
  return lines.every((line) => line.type !== 'assistant' || (line.uuid !== undefined && timeOf(line.timestamp) !== undefined));
}
