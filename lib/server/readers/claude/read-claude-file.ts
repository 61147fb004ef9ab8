import 'server-only';
import { FILE_CAPS } from '@/lib/server/fs/file-caps';
import { readDataFile, type DataFileRead } from '@/lib/server/fs/open-data-file';
import path from 'node:path';
import { readJsonFile } from '@/lib/server/fs/read-json-file';
import type { ReadIssue } from '@/lib/server/readers/read-result';
import type { FileSession } from '../pi/file-index';
import { parseJsonl, type JsonlParse } from '../pi/jsonl';
import { elideRule, skimRule, skipRule } from '../pi/jsonl-skim';
import type { ClaudeFileRef } from './claude-files';
import { recordedRates } from './claude-cost';
import { SUMMARY_TEXT_MAX } from './claude-context';
import { costStateSchema, type ClaudeLine, type CostState } from './claude-schema';
import { parseClaudeLine } from './parse-claude-line';
import { mapClaudeLines } from './claude-session';
import { usageLines, usageLinesSuffice } from './usage-lines';

export type ClaudeFileRead =
  | { state: 'ok'; mapped: FileSession; issues: ReadIssue[] }
  | { state: 'not-ready'; issues: ReadIssue[] }
  | { state: 'missing'; issues: ReadIssue[] };

/**
 * Session id of a transcript: the file name for a session, `<parent>:agent-<id>` for a subagent.
 * Legacy sidechain files (`<project>/agent-*.jsonl`) name their parent in `sessionId`.
 */
function idsOf(ref: ClaudeFileRef, lines: readonly ClaudeLine[]): { sessionID: string; parentID?: string } {
  const name = path.basename(ref.path, '.jsonl');
  const parentID = ref.parentID ?? (name.startsWith('agent-') ? lines.find((l) => l.sessionId)?.sessionId : undefined);
  return parentID ? { sessionID: `${parentID}:${name}`, parentID } : { sessionID: name };
}

const COST_STATE = Buffer.from('"type":"cost-state"');

/**
 * The largest lines of a transcript, read without their bodies:
 * - the client's own request records (a request's whole shape, a message body): nothing shown needs
 *   more than their kind, time and version, read before the body;
 * - attachments (the system prompt and tools sent, skills and agents listed, files): shown as one
 *   line from their text's beginning ({@link SUMMARY_TEXT_MAX} characters, at most 6 bytes each in
 *   JSON, and a cut is at most 8 bytes short), a prompt snapshot (half a year's bytes) as its label
 *   alone, its body not looked at. Their id, time and session come after the body.
 */
const BODIES_NOT_READ = [skimRule('{"type":"api-request-shape",', '"shape":'), skimRule('{"type":"api-request-blob",', '"message":'), skipRule('"attachment":{"type":"prompt_snapshot"', '},"type":"attachment"')];
const SKIM = [...BODIES_NOT_READ, elideRule('attachment', '"attachment":{', SUMMARY_TEXT_MAX * 6 + 8)];
/**
 * A read that is only summarized (a first read on the workers: `summaryOf` keeps each part's kind,
 * ids and times, never its text) needs no attachment's text: its long strings are read as empty.
 * Their decoding and parse were a tenth of a year of transcripts' first read.
 */
const SKIM_FOR_SUMMARY = [...BODIES_NOT_READ, elideRule('attachment', '"attachment":{', 0)];

/** The last cost-state line of a transcript (searched from the end: it is written last), decoded alone. */
export function lastCostState(bytes: Buffer): CostState | undefined {
  for (let at = bytes.lastIndexOf(COST_STATE); at >= 0; ) {
    const start = bytes.lastIndexOf(0x0a, at) + 1;
    const newline = bytes.indexOf(0x0a, at);
    try {
      const parsed = costStateSchema.safeParse(JSON.parse(bytes.toString('utf8', start, newline < 0 ? bytes.length : newline)));
      if (parsed.success) return parsed.data;
    } catch {
      // A half-written line: look further back.
    }
    if (start === 0) break;
    at = bytes.lastIndexOf(COST_STATE, start - 1);
  }
  return undefined;
}

/** A subagent transcript (either layout), whose `.meta.json` names its agent type. */
export function isAgentFile(ref: ClaudeFileRef): boolean {
  return Boolean(ref.parentID) || path.basename(ref.path).startsWith('agent-');
}

/** `agent-<id>.jsonl` -> `agent-<id>.meta.json`. */
export function metaFileOf(file: string): string {
  return file.replace(/\.jsonl$/, '.meta.json');
}

/** A subagent's `agent-<id>.meta.json`: its `agentType`. */
async function agentTypeOf(file: string, root: string): Promise<string | undefined> {
  const meta = await readJsonFile(metaFileOf(file), root);
  const type = meta.ok && 'value' in meta ? (meta.value as { agentType?: unknown } | null)?.agentType : undefined;
  return typeof type === 'string' && type ? type : undefined;
}

/** The parent transcript of `<project>/<session>/subagents/agent-*.jsonl`. */
export function parentFileOf(ref: ClaudeFileRef): string | undefined {
  return ref.parentID ? path.join(path.dirname(path.dirname(path.dirname(ref.path))), `${ref.parentID}.jsonl`) : undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** How a transcript's own bytes are read (readDataFile's rules). */
export type ReadTranscript = (file: string, root: string, maxBytes: number) => Promise<DataFileRead>;

const readTranscript: ReadTranscript = (file, root, maxBytes) => readDataFile(file, { root, maxBytes });

export interface ReadClaudeOptions {
  /** Only its summary is kept (`summarizeRead`), which is the same, and its attachments' parts carry no text. */
  forSummary?: boolean;
  /**
   * Only what its responses' usage needs (see usage-lines.ts): its assistant messages come out as a
   * full read maps them; the rest of the session (title, user turns, parts) is partial.
   */
  usageOnly?: boolean;
  /** How its bytes are read (a worker's synchronous read). */
  read?: ReadTranscript;
}

/** Reads one transcript, read-only. Never throws; bad lines are issues. */
export async function readClaudeFile(ref: ClaudeFileRef, root: string, { forSummary = false, usageOnly = false, read: readBytes = readTranscript }: ReadClaudeOptions = {}): Promise<ClaudeFileRead> {
  const issue = (kind: ReadIssue['kind'], reason: string): ReadIssue => ({ source: 'claude', path: ref.path, kind, reason, at: Date.now() });
  const read = await readBytes(ref.path, root, FILE_CAPS.transcript);
  if (!read.ok) return read.missing ? { state: 'missing', issues: [] } : { state: 'not-ready', issues: [issue('io', read.reason)] };
  const mtime = read.mtimeMs;
  const skim = forSummary || usageOnly ? SKIM_FOR_SUMMARY : SKIM;
  const parseLines = (parse: JsonlParse) => {
    const issues = parse.bad.map((b) => issue('parse', `line ${b.line}: ${b.reason}`));
    const lines: ClaudeLine[] = [];
    const sizes: number[] = [];
    for (const rec of parse.records) {
      const line = parseClaudeLine(rec.value);
      if (line) {
        lines.push(line);
        sizes.push(rec.size);
      } else issues.push(issue('schema', `line ${rec.line}: not a transcript record`));
    }
    return { issues, lines, sizes };
  };
  let parsed = usageOnly ? parseLines(usageLines(read.bytes, skim)) : undefined;
  if (!parsed || !usageLinesSuffice(parsed.lines)) parsed = parseLines(parseJsonl(read.bytes, skim));
  const { issues, lines, sizes } = parsed;
  // Its usage needs no content block: they are neither checked nor mapped into parts.
  if (usageOnly) for (const line of lines) if (line.type === 'assistant' && isRecord(line.message)) line.message = { ...line.message, content: [] };
  const ids = idsOf(ref, lines);
  // A subagent's cost is recorded in its parent's cost-state.
  const parentFile = parentFileOf(ref);
  const parentRead = parentFile ? await readDataFile(parentFile, { root, maxBytes: FILE_CAPS.transcript }) : undefined;
  const costBytes = parentRead ? (parentRead.ok ? parentRead.bytes : Buffer.alloc(0)) : read.bytes;
  // Priced without its parent's cost-state: said, and (an I/O issue) never kept in the summary index.
  if (parentRead && !parentRead.ok && !parentRead.missing) issues.push(issue('io', `parent transcript, whose cost-state prices this subagent: ${parentRead.reason}`));
  const agent = isAgentFile(ref) ? await agentTypeOf(ref.path, root) : undefined;
  const mapped = mapClaudeLines(lines, sizes, {
    path: ref.path,
    projectFolder: ref.projectFolder,
    mtime,
    ...ids,
    rootID: ids.parentID ?? ids.sessionID,
    rates: recordedRates(lastCostState(costBytes)),
    ...(agent ? { agent } : {}),
  });
  return mapped ? { state: 'ok', mapped, issues } : { state: 'not-ready', issues };
}
