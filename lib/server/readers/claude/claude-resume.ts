import 'server-only';
import { createHash } from 'node:crypto';
import { tailMessageIds } from '@/lib/model/tail-messages';
import type { ReadIssue } from '@/lib/server/readers/read-result';
import { SUMMARY_FORMAT } from '../file-summary-cache';
import type { FileSession } from '../pi/file-index';
import { timeOf } from '../pi/jsonl';
import { isForkCopy } from './claude-facts';
import { usesOneMillion } from './claude-context-window';
import { chooseCut, type RunBase } from './claude-cut';
import { groupKeyOf } from './claude-group';
import type { ClaudeLine } from './claude-schema';
import type { ClaudeCarry, LineTrace } from './claude-session';

/** Bump when what a resume state holds or means changes: an older one is not trusted. */
const RESUME_REVISION = 3;
const RESUME_FORMAT = `${RESUME_REVISION}.${SUMMARY_FORMAT}`;
/** Bytes before a cut read again and compared, besides those from it to where the last read stopped. */
const CHECK_BEFORE = 1024;

/**
 * Where the next read of a transcript may start, and what it needs of the lines before (plain
 * JSON, kept in memory and with the file's entry in the session database): Claude Code only appends,
 * so a transcript that grew is read from its last cut, not whole (see readClaudeFile).
 */
export interface ClaudeResume {
  format: string;
  /** The file's inode: a transcript replaced by another is read whole. */
  ino: string;
  /** The file's version as that read found it (identity, size, times): one not grown since is read again from the cut only if it is the same. */
  version: string;
  /** Byte offset of the cut's line, and the file's line number there. */
  cut: number;
  fileLine: number;
  /** Where the complete lines the last read saw end, and a digest of the bytes from `checkFrom` to there. */
  end: number;
  checkFrom: number;
  check: string;
  /** What the lines before the cut left besides the carry's facts and request time. */
  base: Omit<RunBase, 'facts' | 'requestAt'>;
  carry: ClaudeCarry;
  /** The issues of the lines before the cut. */
  issues: ReadIssue[];
  /** What the lines from the cut on made at the last read: a read from it lists those it no longer makes as gone. */
  messageIDs: string[];
  partIDs: string[];
  /** The cost-state the read priced with (JSON), and the subagent's type: either changed prices every message anew. */
  prices: string;
  agent?: string;
  sessionID: string;
  parentID?: string;
}

function digestOf(bytes: Buffer): string {
  return createHash('sha1').update(bytes).digest('hex');
}

/**
 * Whether the file read (`bytes` from `checkFrom`, at `version`) is the one the last read saw, grown
 * or not: the same inode, the bytes from `checkFrom` to `end` the same, and larger, or not changed at
 * all (a subagent read again as its parent changed). A same-size rewrite has another version.
 */
export function unchangedUpTo(bytes: Buffer, version: string, state: ClaudeResume): boolean {
  const length = state.end - state.checkFrom;
  if (version.split(':')[0] !== state.ino || bytes.length < length || (bytes.length === length && version !== state.version)) return false;
  return digestOf(bytes.subarray(0, length)) === state.check;
}

/** What the lines before a state's cut left (RunBase). */
export function baseOf(state: ClaudeResume): RunBase {
  return { ...state.base, facts: state.carry.facts, ...(state.carry.requestAt === undefined ? {} : { requestAt: state.carry.requestAt }) };
}

export function isResume(value: unknown): value is ClaudeResume {
  const r = value as Partial<ClaudeResume> | null;
  return typeof r === 'object' && r !== null && r.format === RESUME_FORMAT && typeof r.cut === 'number' && typeof r.end === 'number' && typeof r.check === 'string' && typeof r.ino === 'string' && typeof r.version === 'string' && Array.isArray(r.messageIDs) && Array.isArray(r.partIDs) && typeof r.carry === 'object' && typeof r.base === 'object';
}

/** What a read of a run of lines (a whole transcript, or lines from a cut) knows to make the next resume state. */
export interface RunRead {
  lines: readonly ClaudeLine[];
  /** Each line's file line number (1-based, in the file), and its offset in the bytes parsed (-1: not known, a usage read's). */
  fileLines: readonly number[];
  starts: readonly number[];
  /** The bytes read, and the file offset of their first. */
  bytes: Buffer;
  at: number;
  /** The file offset the bytes parsed start at. */
  runStart: number;
  mapped: FileSession;
  /** What mapClaudeLines noted of each line. */
  trace: LineTrace;
  issues: ReadIssue[];
  base: RunBase;
  forkUpTo: number;
  version: string;
  prices: string;
  agent?: string;
  sessionID: string;
  parentID?: string;
}

/** The resume state after a read; undefined when no line of it can be read from alone. */
export function nextResume(run: RunRead): ClaudeResume | undefined {
  const cut = chooseCut(run.lines, run.mapped, run.trace, run.base, run.forkUpTo, run.parentID ? { sessionID: run.sessionID, parentID: run.parentID } : { sessionID: run.sessionID });
  if (!cut) return undefined;
  const fileLine = run.fileLines[cut.index] ?? 1;
  const start = run.starts[cut.index] ?? -1;
  if (start < 0) return undefined;
  // Offsets of lines parsed from the run's start (a read from a cut parses from there, not from the bytes checked before it).
  const local = run.runStart - run.at + start;
  // Complete lines only: a half-written last line is read again.
  const end = run.bytes.lastIndexOf(0x0a) + 1;
  if (end <= local) return undefined;
  const checkFrom = Math.max(0, local - CHECK_BEFORE);
  const ids = new Set(cut.messageIDs);
  const tail = tailMessageIds(run.mapped.messages);
  return {
    format: RESUME_FORMAT,
    ino: run.version.split(':')[0] ?? '',
    version: run.version,
    cut: run.at + local,
    fileLine,
    end: run.at + end,
    checkFrom: run.at + checkFrom,
    check: digestOf(run.bytes.subarray(checkFrom, end)),
    base: { groupKeys: cut.base.groupKeys, ...(cut.base.newestBefore === undefined ? {} : { newestBefore: cut.base.newestBefore }) },
    carry: cut.carry,
    issues: run.issues.filter((issue) => lineOfIssue(issue) < fileLine),
    messageIDs: cut.messageIDs,
    // The parts of those its summary kept (summaryOf): tool calls, and the newest messages' parts.
    partIDs: run.mapped.parts.filter((p) => ids.has(p.messageID) && (p.type === 'tool' || tail.has(p.messageID))).map((p) => p.id),
    prices: run.prices,
    ...(run.agent ? { agent: run.agent } : {}),
    sessionID: run.sessionID,
    ...(run.parentID ? { parentID: run.parentID } : {}),
  };
}

function lineOfIssue(issue: ReadIssue): number {
  return Number(/^line (\d+):/.exec(issue.reason)?.[1] ?? Infinity);
}

/**
 * Whether the lines from a cut on are read alone as the whole transcript reads them (see chooseCut):
 * the cut's line still first; no fork's copy, no parent link before the cut but the cut line's, no
 * later line of an earlier reply, no summary naming a line it cannot see, no 1M context the lines
 * before did not have, no time before theirs.
 */
export function readableFromCut(lines: readonly ClaudeLine[], state: ClaudeResume, entryOfFirst: string | undefined): boolean {
  // Lines before the cut's first time took the session's creation, which a line before it would move.
  if (entryOfFirst !== state.carry.cutEntry || state.carry.facts.own.min === undefined) return false;
  const uuids = new Set(lines.flatMap((l) => (l.uuid ? [l.uuid] : [])));
  const keys = new Set(state.base.groupKeys);
  const { facts } = state.carry;
  for (const [i, line] of lines.entries()) {
    if (isForkCopy(line, state.sessionID, state.parentID)) return false;
    if (i > 0 && line.parentUuid && !uuids.has(line.parentUuid)) return false;
    if (line.type === 'assistant' && keys.has(groupKeyOf(line))) return false;
    if (line.type === 'summary' && line.summary && line.leafUuid && !uuids.has(line.leafUuid)) return false;
    if (!facts.oneMillion && usesOneMillion(line)) return false;
    const at = timeOf(line.timestamp);
    if (at !== undefined && at < (facts.own.min as number)) return false;
  }
  return true;
}

/**
 * Whether the records read from a cut are all a whole read would change: no tool result for a call
 * before the cut (it would change that call), the session's two newest messages among them.
 */
export function keepsToCut(mapped: FileSession, state: ClaudeResume): boolean {
  if (mapped.parts.some((p) => p.type === 'unknown' && p.originalType === 'claude:tool_result')) return false;
  const newest = [...tailMessageIds(mapped.messages)].map((id) => mapped.messages.find((m) => m.id === id)?.time.created ?? -Infinity);
  const before = state.base.newestBefore;
  return newest.length === 2 && (before === undefined || newest.every((t) => t > before));
}
