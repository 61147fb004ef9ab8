import 'server-only';
import path from 'node:path';
import type { Part } from '@/lib/model/part';
import type { SessionInfo } from '@/lib/model/session';
import { emptyTokens } from '@/lib/model/tokens';
import type { FileSession } from '../pi/file-index';
import { timeOf } from '../pi/jsonl';
import { SessionBuilder } from '../pi/session-builder';
import { groupAssistantLines } from './claude-group';
import { addAssistant, addUser, entryOf } from './claude-message';
import type { ClaudeLine } from './claude-schema';

export interface ClaudeSessionContext {
  path: string;
  sessionID: string;
  parentID?: string;
  /** `<encoded cwd>` folder name: the directory when no line carries `cwd`. */
  projectFolder: string;
  mtime?: number;
}

/** Bookkeeping lines with nothing to show. */
const IGNORED = new Set(['file-history-snapshot', 'queue-operation', 'progress', 'last-prompt', 'summary', 'custom-title']);
const TITLE_MAX = 100;

function titleOf(lines: readonly ClaudeLine[], parts: Part[], ownIDs: Set<string>): string | undefined {
  const custom = lines.findLast((l) => l.type === 'custom-title' && l.customTitle)?.customTitle;
  if (custom) return custom;
  const summary = lines.findLast((l) => l.type === 'summary' && l.summary && (!l.leafUuid || ownIDs.has(l.leafUuid)))?.summary;
  if (summary) return summary;
  const text = parts.find((p) => p.type === 'text' && !p.synthetic && !/^\s*<(local-)?command-/.test(p.text) && p.text.trim());
  const line = text?.type === 'text' ? text.text.trim().split('\n')[0]?.trim() : undefined;
  return line && line.length > TITLE_MAX ? `${line.slice(0, TITLE_MAX - 1)}…` : line;
}

function systemParts(b: SessionBuilder, line: ClaudeLine, id: string, time: number): Part[] {
  const base = { messageID: '', sessionID: b.sessionID, time: { start: time } };
  const raw: Part = { ...base, id: `${b.sessionID}:${id}:event`, type: 'unknown', originalType: `claude:system${line.subtype ? `:${line.subtype}` : ''}`, raw: line };
  if (line.subtype !== 'compact_boundary') return [raw];
  return [{ ...base, id: `${b.sessionID}:${id}:compaction`, type: 'compaction', auto: line.compactMetadata?.trigger === 'auto' }, raw];
}

/** Lines of one transcript -> domain records; undefined while it holds no conversation yet. */
export function mapClaudeLines(lines: readonly ClaudeLine[], ctx: ClaudeSessionContext): FileSession | undefined {
  const b = new SessionBuilder(ctx.sessionID);
  const groups = groupAssistantLines(lines);
  const times = lines.map((l) => timeOf(l.timestamp)).filter((t): t is number => t !== undefined);
  const created = times.length > 0 ? times.reduce((a, t) => Math.min(a, t)) : (ctx.mtime ?? 0);
  let now = created;
  lines.forEach((line, index) => {
    const time = timeOf(line.timestamp) ?? now;
    now = time;
    const entry = entryOf(line, index);
    if (line.uuid) b.register(entry);
    if (line.type === 'assistant') {
      const group = groups.get(line);
      if (group) addAssistant(b, group, index, time);
      return; // later streamed lines of a group were merged into its first
    }
    if (line.type === 'user' && addUser(b, line, index, time)) return;
    if (IGNORED.has(line.type) || !line.uuid) return;
    if (line.type === 'system') b.attach(entry, systemParts(b, line, entry.id, time));
    else b.attach(entry, [{ id: `${ctx.sessionID}:${entry.id}:event`, messageID: '', sessionID: ctx.sessionID, type: 'unknown', originalType: `claude:${line.type}`, raw: line, time: { start: time } }]);
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
    title: titleOf(lines, parts, ownIDs) ?? ctx.sessionID,
    ...(version ? { version } : {}),
    time: { created, updated },
    origin: ctx.path,
  };
  return { session, project: { id: cwd, worktree: cwd, name: path.basename(cwd) || cwd, source: 'claude', timeCreated: created, timeUpdated: updated }, messages, parts };
}
