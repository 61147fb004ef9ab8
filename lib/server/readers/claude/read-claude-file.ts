import 'server-only';
import { FILE_CAPS } from '@/lib/server/fs/file-caps';
import { readDataFile, type DataFileRead } from '@/lib/server/fs/open-data-file';
import path from 'node:path';
import { readJsonFile } from '@/lib/server/fs/read-json-file';
import type { ReadIssue } from '@/lib/server/readers/read-result';
import { summaryOf, type FileSession } from '../pi/file-index';
import { parseJsonl, type JsonlParse } from '../pi/jsonl';
import { elideRule, skimRule, skipRule } from '../pi/jsonl-skim';
import type { ClaudeFileRef } from './claude-files';
import { recordedRates } from './claude-cost';
import { SUMMARY_TEXT_MAX } from './claude-context';
import { costStateSchema, type ClaudeLine, type CostState } from './claude-schema';
import { parseClaudeLine } from './parse-claude-line';
import { mapClaudeLines, type LineTrace } from './claude-session';
import { usageLines, usageLinesSuffice } from './usage-lines';
import { isForkCopy, noFacts } from './claude-facts';
import { entryOf } from './claude-message';
import { baseOf, keepsToCut, nextResume, readableFromCut, unchangedUpTo, type ClaudeResume } from './claude-resume';

export type ClaudeFileRead =
  | {
      state: 'ok';
      mapped: FileSession;
      issues: ReadIssue[];
      /** Where the next read may start (a whole read's or a resumed one's; none for a usage read). */
      resume?: ClaudeResume;
      /** A read from a cut: `mapped` holds the records from it on; these, made from it on before, are gone. */
      gone?: { messageIDs: string[]; partIDs: string[] };
      /** The bytes of the transcript this read read (from, to). */
      span: { from: number; to: number };
    }
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
  /** Where the last read of it left off: a transcript that only grew since is read from there. */
  resume?: ClaudeResume;
}

type Issue = (kind: ReadIssue['kind'], reason: string) => ReadIssue;

/** Transcript records of parsed lines; `lineBase`: file lines before the first parsed (a read from a cut). */
function parseLines(parse: JsonlParse, issue: Issue, lineBase = 0) {
  const issues = parse.bad.map((b) => issue('parse', `line ${b.line + lineBase}: ${b.reason}`));
  const lines: ClaudeLine[] = [];
  const sizes: number[] = [];
  const fileLines: number[] = [];
  const starts: number[] = [];
  for (const rec of parse.records) {
    const line = parseClaudeLine(rec.value);
    if (line) {
      lines.push(line);
      sizes.push(rec.size);
      fileLines.push(rec.line + lineBase);
      starts.push(rec.start ?? -1);
    } else issues.push(issue('schema', `line ${rec.line + lineBase}: not a transcript record`));
  }
  return { issues, lines, sizes, fileLines, starts };
}

/** What a transcript is priced with: its own last cost-state, or its parent's for a subagent (with the parent's read issue). */
async function pricesOf(ref: ClaudeFileRef, root: string, own: Buffer, issue: Issue): Promise<{ state?: CostState; issue?: ReadIssue; unread?: boolean }> {
  const parentFile = parentFileOf(ref);
  if (!parentFile) return { state: lastCostState(own) };
  const parentRead = await readDataFile(parentFile, { root, maxBytes: FILE_CAPS.transcript });
  if (parentRead.ok) return { state: lastCostState(parentRead.bytes) };
  // Priced without its parent's cost-state: said, and (an I/O issue) never kept in the summary index.
  return parentRead.missing ? { unread: true } : { issue: issue('io', `parent transcript, whose cost-state prices this subagent: ${parentRead.reason}`), unread: true };
}

/**
 * A transcript that grew since `state` was taken, read from its cut (claude-resume.ts): undefined
 * when anything says it cannot be (another file, bytes before the cut changed, lines that reach
 * before the cut, new prices), and it is then read whole.
 */
async function readFromCut(ref: ClaudeFileRef, root: string, state: ClaudeResume, issue: Issue): Promise<ClaudeFileRead | undefined> {
  const read = await readDataFile(ref.path, { root, maxBytes: FILE_CAPS.transcript, offset: state.checkFrom });
  if (!read.ok || !unchangedUpTo(read.bytes, read.version, state)) return undefined;
  const fromCut = read.bytes.subarray(state.cut - state.checkFrom);
  const parsed = parseLines(parseJsonl(fromCut, SKIM), issue, state.fileLine - 1);
  const first = parsed.lines[0];
  if (!readableFromCut(parsed.lines, state, first && entryOf(first, state.carry.facts.lines).id)) return undefined;
  const prices = parentFileOf(ref) ? await pricesOf(ref, root, fromCut, issue) : { state: lastCostState(fromCut) };
  const pricesJson = prices.unread ? undefined : prices.state || parentFileOf(ref) ? JSON.stringify(prices.state ?? null) : state.prices;
  const agent = isAgentFile(ref) ? await agentTypeOf(ref.path, root) : undefined;
  if (pricesJson !== state.prices || agent !== state.agent) return undefined;
  const ids = state.parentID ? { sessionID: state.sessionID, parentID: state.parentID } : { sessionID: state.sessionID };
  const ctx = { path: ref.path, projectFolder: ref.projectFolder, mtime: read.mtimeMs, ...ids, rootID: state.parentID ?? state.sessionID, rates: recordedRates(JSON.parse(pricesJson) as CostState | undefined), ...(agent ? { agent } : {}) };
  const trace: LineTrace = { times: [], requestTimes: [] };
  const mapped = mapClaudeLines(parsed.lines, parsed.sizes, ctx, state.carry, trace);
  if (!mapped || !keepsToCut(mapped, state)) return undefined;
  const issues = [...state.issues, ...parsed.issues];
  const resume = nextResume({ ...parsed, bytes: read.bytes, at: state.checkFrom, runStart: state.cut, mapped, trace, issues, base: baseOf(state), forkUpTo: -1, version: read.version, prices: pricesJson, ...(agent ? { agent } : {}), ...ids });
  const messageIDs = new Set(mapped.messages.map((m) => m.id));
  const partIDs = new Set(summaryOf(mapped).parts.map((p) => p.id));
  const gone = { messageIDs: state.messageIDs.filter((id) => !messageIDs.has(id)), partIDs: state.partIDs.filter((id) => !partIDs.has(id)) };
  return { state: 'ok', mapped, issues, ...(resume ? { resume } : {}), gone, span: { from: state.checkFrom, to: state.checkFrom + read.bytes.length } };
}

/** Reads one transcript, read-only. Never throws; bad lines are issues. */
export async function readClaudeFile(ref: ClaudeFileRef, root: string, { forSummary = false, usageOnly = false, read: readBytes = readTranscript, resume }: ReadClaudeOptions = {}): Promise<ClaudeFileRead> {
  const issue: Issue = (kind, reason) => ({ source: 'claude', path: ref.path, kind, reason, at: Date.now() });
  if (resume && !usageOnly) {
    const resumed = await readFromCut(ref, root, resume, issue);
    if (resumed) return resumed;
  }
  const read = await readBytes(ref.path, root, FILE_CAPS.transcript);
  if (!read.ok) return read.missing ? { state: 'missing', issues: [] } : { state: 'not-ready', issues: [issue('io', read.reason)] };
  const mtime = read.mtimeMs;
  const skim = forSummary || usageOnly ? SKIM_FOR_SUMMARY : SKIM;
  let parsed = usageOnly ? parseLines(usageLines(read.bytes, skim), issue) : undefined;
  if (!parsed || !usageLinesSuffice(parsed.lines)) parsed = parseLines(parseJsonl(read.bytes, skim), issue);
  const { issues, lines, sizes } = parsed;
  // Its usage needs no content block: they are neither checked nor mapped into parts.
  if (usageOnly) for (const line of lines) if (line.type === 'assistant' && isRecord(line.message)) line.message = { ...line.message, content: [] };
  const ids = idsOf(ref, lines);
  const prices = await pricesOf(ref, root, read.bytes, issue);
  if (prices.issue) issues.push(prices.issue);
  const agent = isAgentFile(ref) ? await agentTypeOf(ref.path, root) : undefined;
  const trace: LineTrace = { times: [], requestTimes: [] };
  const context = { path: ref.path, projectFolder: ref.projectFolder, mtime, ...ids, rootID: ids.parentID ?? ids.sessionID, rates: recordedRates(prices.state), ...(agent ? { agent } : {}) };
  const mapped = mapClaudeLines(lines, sizes, context, undefined, usageOnly ? undefined : trace);
  if (!mapped) return { state: 'not-ready', issues };
  // A legacy sidechain's parent is named by its lines: a later line could name another.
  const legacy = !ref.parentID && isAgentFile(ref);
  const next = usageOnly || prices.unread || legacy ? undefined : nextResume({ ...parsed, bytes: read.bytes, at: 0, runStart: 0, mapped, trace, issues, base: { facts: noFacts(), groupKeys: [] }, forkUpTo: lines.findLastIndex((l) => isForkCopy(l, ids.sessionID, ids.parentID)), version: read.version, prices: JSON.stringify(prices.state ?? null), ...(agent ? { agent } : {}), ...ids });
  return { state: 'ok', mapped, issues, ...(next ? { resume: next } : {}), span: { from: 0, to: read.bytes.length } };
}
