import 'server-only';
import path from 'node:path';
import type { Part } from '@/lib/model/part';
import type { SessionInfo } from '@/lib/model/session';
import { emptyTokens } from '@/lib/model/tokens';
import type { FileSession } from '../pi/file-index';
import { timeOf } from '../pi/jsonl';
import { SessionBuilder } from '../pi/session-builder';
import { attachmentPart, systemParts } from './claude-context';
import { CutBuilder } from './cut-builder';
import { foldFacts, isForkCopy, noFacts, type SessionFacts } from './claude-facts';
import { CLAUDE_CODE_1M_CONTEXT, CLAUDE_CODE_CONTEXT, claudeContextWindow } from './claude-context-window';
import { groupAssistantLines } from './claude-group';
import { addAssistant, addUser, entryOf, type ClaudeReadContext } from './claude-message';
import type { ClaudeLine } from './claude-schema';

export interface ClaudeSessionContext extends ClaudeReadContext {
  path: string;
  sessionID: string;
  parentID?: string;
  /** `<encoded cwd>` folder name: the directory when no line carries `cwd`. */
  projectFolder: string;
  mtime?: number;
}

/** Bookkeeping lines with nothing to show (the client's own records of requests, costs, modes). */
const IGNORED = new Set([
  'file-history-snapshot',
  'queue-operation',
  'progress',
  'last-prompt',
  'summary',
  'custom-title',
  'cost-state',
  'tools-used',
  'mode',
  'atis-latch',
  'api-request',
  'api-request-shape',
  'api-request-blob',
]);
/**
 * `claude --fork-session` copies the original's conversation into the new file (same uuids, the
 * responses with `requestSessionId` = the original). Everything up to the last such response was
 * written in the original and counts there: the fork keeps only its own turns and links back.
 */
function forkOf(lines: readonly ClaudeLine[], ctx: ClaudeSessionContext): { from?: string; upTo: number } {
  if (ctx.parentID) return { upTo: -1 };
  let upTo = -1;
  let from: string | undefined;
  lines.forEach((line, i) => {
    if (isForkCopy(line, ctx.sessionID, ctx.parentID)) {
      upTo = i;
      from = line.requestSessionId;
    }
  });
  return from ? { from, upTo } : { upTo };
}

/**
 * A read from a cut (claude-resume.ts): what the lines before it left. The cut's line is a message's
 * own (a reply's first line, a prompt): nothing after it attaches to a message before it.
 */
export interface ClaudeCarry {
  /** The session's facts from the lines before the cut. */
  facts: SessionFacts;
  /** When the request the cut's reply answers was sent, as the lines before it say. */
  requestAt?: number;
  /** The cut line's entry id, and the user message above it (its reply's parent). */
  cutEntry: string;
  cutUser?: string;
}

/** Per line: its time, and the request time the lines before it left. */
export interface LineTrace {
  times: (number | undefined)[];
  requestTimes: (number | undefined)[];
}

/**
 * Lines of one transcript -> domain records; undefined while it holds no conversation yet. With
 * `carry`, `lines` are those from a cut on (claude-resume.ts checked they are readable alone): only
 * their messages come out, and the session as the whole transcript makes it. `trace` is filled with
 * what a cut at each line needs (claude-cut.ts).
 */
export function mapClaudeLines(lines: readonly ClaudeLine[], sizes: readonly number[], ctx: ClaudeSessionContext, carry?: ClaudeCarry, trace?: LineTrace): FileSession | undefined {
  const b = carry ? new CutBuilder(ctx.sessionID, carry.cutEntry, carry.cutUser) : new SessionBuilder(ctx.sessionID);
  const groups = groupAssistantLines(lines);
  // Each line's time, parsed once (a date parse per line per use was ~2% of a year's first read).
  const at = lines.map((l) => timeOf(l.timestamp));
  if (trace) trace.times = at;
  const whole = foldFacts(carry ? structuredClone(carry.facts) : noFacts(), lines, ctx, at);
  const fork = carry ? { upTo: -1 } : forkOf(lines, ctx);
  const reading = { ...ctx, contextLimit: carry ? (whole.oneMillion ? CLAUDE_CODE_1M_CONTEXT : CLAUDE_CODE_CONTEXT) : claudeContextWindow(lines) };
  const first = carry?.facts.lines ?? 0;
  const created = whole.own.min ?? ctx.mtime ?? 0;
  let now = carry?.facts.now ?? created;
  // When the request the next reply answers was sent: its `api-request` line, or (transcripts
  // without them) the user line (a prompt or tool results) it follows. Only the first reply after it takes it.
  let requestAt: number | undefined = carry?.requestAt;
  lines.forEach((line, index) => {
    // Noted for a cut at this line (claude-cut.ts): what the lines before it left.
    trace?.requestTimes.push(requestAt);
    const time = at[index] ?? now;
    now = time;
    if (line.type === 'api-request' || line.type === 'user') requestAt = at[index] ?? requestAt;
    const entry = entryOf(line, first + index);
    if (line.uuid) b.register(entry);
    if (index <= fork.upTo) return;
    const size = sizes[index] ?? 0;
    if (line.type === 'assistant') {
      const group = groups.get(line);
      if (group) addAssistant(b, group, first + index, time, reading, requestAt);
      if (group) requestAt = undefined;
      return; // later streamed lines of a group were merged into its first
    }
    if (line.type === 'user' && addUser(b, line, first + index, time, size, ctx)) return;
    if (IGNORED.has(line.type) || !line.uuid) return;
    const site = { id: `${ctx.sessionID}:${entry.id}:event`, sessionID: ctx.sessionID, time };
    if (line.type === 'attachment') b.attach(entry, [attachmentPart(site, line, size)]);
    else if (line.type === 'system') b.attach(entry, systemParts(site, line, size));
    else b.attach(entry, [{ id: site.id, messageID: '', sessionID: ctx.sessionID, type: 'unknown', originalType: `claude:${line.type}`, raw: line, time: { start: time } } satisfies Part]);
  });
  if (b.messages.length === 0) return undefined;
  const { messages, parts } = b.finish(() => ({ id: `${ctx.sessionID}:events`, sessionID: ctx.sessionID, role: 'user', time: { created }, cost: 0, tokens: emptyTokens() }));
  const cwd = whole.cwd ?? `/${ctx.projectFolder.replace(/^-/, '').replace(/-/g, '/')}`;
  const updated = Math.max(whole.own.max ?? created, created);
  const { version } = whole;
  const forkedFrom = whole.fork?.from;
  const session: SessionInfo = {
    id: ctx.sessionID,
    source: 'claude',
    projectID: cwd,
    directory: cwd,
    ...(ctx.parentID ? { parentID: ctx.parentID } : {}),
    ...(forkedFrom ? { forkedFrom } : {}),
    title: whole.own.custom ?? whole.own.summary ?? whole.own.prompt ?? ctx.sessionID,
    ...(version ? { version } : {}),
    time: { created, updated },
    origin: ctx.path,
  };
  return { session, project: { id: cwd, worktree: cwd, name: path.basename(cwd) || cwd, source: 'claude', timeCreated: created, timeUpdated: updated }, messages, parts };
}
