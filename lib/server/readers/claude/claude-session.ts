import 'server-only';
import path from 'node:path';
import type { Part } from '@/lib/model/part';
import type { SessionInfo } from '@/lib/model/session';
import { emptyTokens } from '@/lib/model/tokens';
import type { FileSession } from '../pi/file-index';
import { timeOf } from '../pi/jsonl';
import { SessionBuilder } from '../pi/session-builder';
import { attachmentPart, isTaskNotification, lineText, systemParts } from './claude-context';
import { claudeContextWindow } from './claude-context-window';
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
const TITLE_MAX = 100;

/** A fork's own title: its first prompt after what it copied from the original (`ownFrom`), not the original's. */
function titleOf(lines: readonly ClaudeLine[], ownIDs: Set<string>, ownFrom: number): string | undefined {
  const own = lines.slice(ownFrom);
  const custom = own.findLast((l) => l.type === 'custom-title' && l.customTitle)?.customTitle;
  if (custom) return custom;
  const summary = own.findLast((l) => l.type === 'summary' && l.summary && (!l.leafUuid || ownIDs.has(l.leafUuid)))?.summary;
  if (summary) return summary;
  for (const l of own) {
    if (l.type !== 'user' || l.isMeta || l.isCompactSummary) continue;
    const text = lineText((l.message as { content?: unknown } | undefined)?.content).trim();
    if (!text || /^\s*<(local-)?command-/.test(text) || isTaskNotification(text)) continue;
    const first = text.split('\n')[0]?.trim() ?? '';
    return first.length > TITLE_MAX ? `${first.slice(0, TITLE_MAX - 1)}…` : first;
  }
  return undefined;
}

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
    if (line.type === 'assistant' && line.requestSessionId && line.requestSessionId !== ctx.sessionID) {
      upTo = i;
      from = line.requestSessionId;
    }
  });
  return from ? { from, upTo } : { upTo };
}

/** Lines of one transcript -> domain records; undefined while it holds no conversation yet. */
export function mapClaudeLines(lines: readonly ClaudeLine[], sizes: readonly number[], ctx: ClaudeSessionContext): FileSession | undefined {
  const b = new SessionBuilder(ctx.sessionID);
  const groups = groupAssistantLines(lines);
  const fork = forkOf(lines, ctx);
  const reading = { ...ctx, contextLimit: claudeContextWindow(lines) };
  // Each line's time, parsed once (a date parse per line per use was ~2% of a year's first read).
  const at = lines.map((l) => timeOf(l.timestamp));
  const times = at.filter((t, i): t is number => i > fork.upTo && t !== undefined);
  const created = times.length > 0 ? times.reduce((a, t) => Math.min(a, t)) : (ctx.mtime ?? 0);
  let now = created;
  // When the request the next reply answers was sent: its `api-request` line, or (transcripts
  // without them) the user line (a prompt or tool results) it follows. Only the first reply after it takes it.
  let requestAt: number | undefined;
  lines.forEach((line, index) => {
    const time = at[index] ?? now;
    now = time;
    if (line.type === 'api-request' || line.type === 'user') requestAt = at[index] ?? requestAt;
    const entry = entryOf(line, index);
    if (line.uuid) b.register(entry);
    if (index <= fork.upTo) return;
    const size = sizes[index] ?? 0;
    if (line.type === 'assistant') {
      const group = groups.get(line);
      if (group) addAssistant(b, group, index, time, reading, requestAt);
      if (group) requestAt = undefined;
      return; // later streamed lines of a group were merged into its first
    }
    if (line.type === 'user' && addUser(b, line, index, time, size, ctx)) return;
    if (IGNORED.has(line.type) || !line.uuid) return;
    const site = { id: `${ctx.sessionID}:${entry.id}:event`, sessionID: ctx.sessionID, time };
    if (line.type === 'attachment') b.attach(entry, [attachmentPart(site, line, size)]);
    else if (line.type === 'system') b.attach(entry, systemParts(site, line, size));
    else b.attach(entry, [{ id: site.id, messageID: '', sessionID: ctx.sessionID, type: 'unknown', originalType: `claude:${line.type}`, raw: line, time: { start: time } } satisfies Part]);
  });
  if (b.messages.length === 0) return undefined;
  const { messages, parts } = b.finish(() => ({ id: `${ctx.sessionID}:events`, sessionID: ctx.sessionID, role: 'user', time: { created }, cost: 0, tokens: emptyTokens() }));
  const cwd = lines.find((l) => l.cwd)?.cwd ?? `/${ctx.projectFolder.replace(/^-/, '').replace(/-/g, '/')}`;
  const updated = times.reduce((a, t) => Math.max(a, t), created);
  const version = lines.findLast((l) => l.version)?.version;
  const ownIDs = new Set(lines.flatMap((l) => (l.uuid ? [l.uuid] : [])));
  const session: SessionInfo = {
    id: ctx.sessionID,
    source: 'claude',
    projectID: cwd,
    directory: cwd,
    ...(ctx.parentID ? { parentID: ctx.parentID } : {}),
    ...(fork.from ? { forkedFrom: fork.from } : {}),
    title: titleOf(lines, ownIDs, fork.upTo + 1) ?? ctx.sessionID,
    ...(version ? { version } : {}),
    time: { created, updated },
    origin: ctx.path,
  };
  return { session, project: { id: cwd, worktree: cwd, name: path.basename(cwd) || cwd, source: 'claude', timeCreated: created, timeUpdated: updated }, messages, parts };
}
