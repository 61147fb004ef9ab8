import 'server-only';
import type { MessageInfo } from '@/lib/model/message';
import type { FileSession } from '../pi/file-index';
import { foldFacts, type SessionFacts } from './claude-facts';
import { groupKeyOf } from './claude-group';
import { entryOf } from './claude-message';
import type { ClaudeLine } from './claude-schema';
import type { ClaudeCarry, LineTrace } from './claude-session';

type Ids = { sessionID: string; parentID?: string };

/** Group keys of the replies before a cut kept to tell a reply's later line written after it. */
const KEYS_KEPT = 8;

/** What the lines before a run of lines left (empty for a transcript's first line). */
export interface RunBase {
  facts: SessionFacts;
  requestAt?: number;
  /** Group keys of the newest replies before the run. */
  groupKeys: string[];
  /** The newest message's creation time before the run (undefined: no message before it). */
  newestBefore?: number;
}

/** Where a later read may start: a line of the run, and what the lines before it leave. */
export interface Cut {
  /** Index in the run's lines. */
  index: number;
  carry: ClaudeCarry;
  base: RunBase;
  /** Ids of the messages from the cut on (a read from it lists those it no longer makes). */
  messageIDs: string[];
}

function* resultIds(line: ClaudeLine): Generator<string> {
  const content = line.type === 'user' ? (line.message as { content?: unknown } | undefined)?.content : undefined;
  if (!Array.isArray(content)) return;
  for (const block of content as unknown[]) {
    const b = block as { type?: unknown; tool_use_id?: unknown } | null;
    if (b && b.type === 'tool_result' && typeof b.tool_use_id === 'string') yield b.tool_use_id;
  }
}

/**
 * The last line of a run (a transcript's lines, or those read from an earlier cut) a read could
 * start from with the lines before it summed up (RunBase, ClaudeCarry), and give what a read of
 * the whole transcript gives of the lines after it; undefined if there is none. Such a line is a
 * message's own (a reply's first line, a prompt) with a message before it, and nothing after it
 * reaches before it: no parent link (but its own), no reply's later line, no tool result for an
 * earlier call. Two messages from it on are the session's newest (their parts are kept).
 */
export function chooseCut(lines: readonly ClaudeLine[], mapped: FileSession, trace: LineTrace, base: RunBase, forkUpTo: number, ids: Ids): Cut | undefined {
  const { sessionID } = ids;
  const n = lines.length;
  const first = base.facts.lines;
  const entryIds = lines.map((line, i) => entryOf(line, first + i).id);
  const lineOf = new Map<string, number>();
  entryIds.forEach((id, i) => {
    if (!lineOf.has(id)) lineOf.set(id, i);
  });
  // Each message at the line that made it (the first with its entry id).
  const messageAt: (MessageInfo | undefined)[] = new Array<MessageInfo | undefined>(n);
  for (const message of mapped.messages) {
    const line = lineOf.get(message.id.slice(sessionID.length + 1));
    if (line !== undefined && message.id === `${sessionID}:${entryIds[line]}`) messageAt[line] = message;
  }
  // Lines a cut cannot fall in (left of the cut it would split something): a reply's lines, a call and its result.
  const blocked = new Array<number>(n + 1).fill(0);
  const block = (from: number, to: number) => {
    if (to <= from) return;
    blocked[from + 1] = (blocked[from + 1] ?? 0) + 1;
    blocked[to + 1] = (blocked[to + 1] ?? 0) - 1;
  };
  const firstOf = new Map<string, number>();
  const keys: string[] = [];
  lines.forEach((line, i) => {
    const key = line.type === 'assistant' ? groupKeyOf(line) : undefined;
    if (key === undefined) return;
    const start = firstOf.get(key);
    if (start === undefined) {
      firstOf.set(key, i);
      keys.push(key);
    } else block(start, i);
  });
  const callAt = new Map<string, number>();
  for (const part of mapped.parts) {
    if (part.type !== 'tool') continue;
    const line = lineOf.get(part.messageID.slice(sessionID.length + 1));
    if (line !== undefined) callAt.set(part.callID, line);
  }
  lines.forEach((line, i) => {
    for (const id of resultIds(line)) {
      const at = callAt.get(id);
      if (at !== undefined) block(at, i);
    }
  });
  for (let i = 1; i <= n; i++) blocked[i] = (blocked[i] ?? 0) + (blocked[i - 1] ?? 0);
  // The newest message before each line, and whether a message and a time come before it.
  const newestBefore: (number | undefined)[] = [];
  let newest = base.newestBefore;
  let timed = base.facts.now !== undefined;
  const timedBefore: boolean[] = [];
  for (let i = 0; i < n; i++) {
    newestBefore.push(newest);
    timedBefore.push(timed);
    const created = messageAt[i]?.time.created;
    if (created !== undefined) newest = Math.max(newest ?? created, created);
    if (trace.times[i] !== undefined) timed = true;
  }
  // From the end: uuids from the line on, parent links of later lines not among them, newest two messages.
  const uuids = new Set<string>();
  const unmet = new Map<string, number>();
  let unmetCount = 0;
  const top: number[] = [];
  for (let i = n - 1; i >= 0; i--) {
    const line = lines[i] as ClaudeLine;
    if (line.uuid) {
      uuids.add(line.uuid);
      unmetCount -= unmet.get(line.uuid) ?? 0;
      unmet.delete(line.uuid);
    }
    const message = messageAt[i];
    if (message) {
      top.push(message.time.created);
      top.sort((a, b) => b - a).splice(2);
    }
    const before = newestBefore[i];
    const ok = message && i > forkUpTo && (blocked[i] ?? 0) === 0 && unmetCount === 0 && before !== undefined && timedBefore[i] && top.length === 2 && (top[1] as number) > before;
    if (ok) return cutAt({ lines, index: i, messages: mapped.messages, message, base, keys, firstOf, requestAt: trace.requestTimes[i], times: trace.times, cutEntry: entryIds[i] as string, ids });
    if (line.parentUuid && !uuids.has(line.parentUuid)) {
      unmet.set(line.parentUuid, (unmet.get(line.parentUuid) ?? 0) + 1);
      unmetCount++;
    }
  }
  return undefined;
}

interface CutInput {
  lines: readonly ClaudeLine[];
  index: number;
  messages: readonly MessageInfo[];
  message: MessageInfo;
  base: RunBase;
  keys: readonly string[];
  firstOf: ReadonlyMap<string, number>;
  /** The request time the cut's line is read with (mapClaudeLines' requestTimes). */
  requestAt: number | undefined;
  times: readonly (number | undefined)[];
  cutEntry: string;
  ids: Ids;
}

function cutAt({ lines, index, messages, message, base, keys, firstOf, requestAt, times, cutEntry, ids }: CutInput): Cut {
  const facts = foldFacts(structuredClone(base.facts), lines.slice(0, index), ids, times.slice(0, index));
  const from = messages.indexOf(message);
  const groupKeys = [...base.groupKeys, ...keys.filter((key) => (firstOf.get(key) ?? index) < index)].slice(-KEYS_KEPT);
  return {
    index,
    carry: { facts, ...(requestAt !== undefined ? { requestAt } : {}), cutEntry, ...(message.role === 'assistant' && message.parentID ? { cutUser: message.parentID } : {}) },
    base: { facts, ...(requestAt !== undefined ? { requestAt } : {}), groupKeys, newestBefore: messages.slice(0, from).reduce<number | undefined>((a, m) => Math.max(a ?? m.time.created, m.time.created), base.newestBefore) },
    messageIDs: messages.slice(from).map((m) => m.id),
  };
}
