import 'server-only';
import { parseJsonl, timeOf, type JsonlParse } from '../pi/jsonl';
import type { SkimRule } from '../pi/jsonl-skim';
import type { ClaudeLine } from './claude-schema';
import { parseClaudeLine } from './parse-claude-line';

const NEWLINE = 0x0a;
/**
 * Every assistant line has it (`"type":"assistant"`, `"role":"assistant"`): JSON written compact or
 * not. Inside a string a quote is escaped, so a hit is a structural string; a few other lines have
 * one (a nested record), and parse as what they are.
 */
const ASSISTANT = Buffer.from('"assistant"');

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
  for (let at = bytes.indexOf(ASSISTANT, headEnd); at >= 0; ) {
    const start = bytes.lastIndexOf(NEWLINE, at) + 1;
    const newline = bytes.indexOf(NEWLINE, at);
    const end = newline < 0 ? bytes.length : newline + 1;
    kept.push(bytes.subarray(start, end));
    at = end < bytes.length ? bytes.indexOf(ASSISTANT, end) : -1;
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
