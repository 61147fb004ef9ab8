import 'server-only';
import path from 'node:path';
import type { MessageInfo } from '@/lib/model/message';
import type { Part } from '@/lib/model/part';
import type { Project } from '@/lib/model/project';
import type { SessionInfo } from '@/lib/model/session';
import { emptyTokens } from '@/lib/model/tokens';
import { timeOf } from './jsonl';
import { linkArtifacts } from './pi-artifacts';
import { addEventEntry, unknownPart, updateState } from './pi-events';
import type { PiFile } from './pi-file';
import { addMessageEntry, type PiRunState } from './pi-message';
import { isSessionExit } from './pi-records';
import { SessionBuilder } from './session-builder';

export interface PiSessionContext {
  kind: 'omp' | 'pi';
  /** The session file. */
  path: string;
  /** For task subagents: the session id of the parent file. */
  parentID?: string;
  /** Fallback time (file mtime) when the header has none. */
  mtime?: number;
}

export interface MappedSession {
  session: SessionInfo;
  project: Project;
  messages: MessageInfo[];
  /** Full parts, in message order. */
  parts: Part[];
}

const TITLE_MAX = 100;

/** `--home-dev-app--` -> `/home/dev/app` (lossy: a `-` in the path reads as `/`); only when the header has no cwd. */
function cwdFromPath(file: string): string {
  const folder = file.split(/[\\/]/).find((seg) => /^--.+--$/.test(seg));
  return folder ? `/${folder.slice(2, -2).replace(/-/g, '/')}` : '';
}

function firstUserText(messages: MessageInfo[], parts: Part[]): string | undefined {
  const users = new Set(messages.filter((m) => m.role === 'user').map((m) => m.id));
  const part = parts.find((p) => p.type === 'text' && !p.synthetic && users.has(p.messageID) && p.text.trim());
  const line = part?.type === 'text' ? part.text.trim().split('\n')[0]?.trim() : undefined;
  return line && line.length > TITLE_MAX ? `${line.slice(0, TITLE_MAX - 1)}…` : line;
}

/**
 * `parentSession` of a fork's header (the original's file path, or its bare id) -> the original's
 * session id. A task subagent's header names its parent the same way, and its file sits in the
 * parent's folder (`<parent file without .jsonl>/<Task>.jsonl`): that one is a parent, not a fork.
 */
function forkOrigin(parentSession: string | undefined, file: string): string | undefined {
  const name = parentSession ? path.basename(parentSession, '.jsonl') : '';
  if (name && name === path.basename(path.dirname(file))) return undefined;
  const id = name.includes('_') ? name.slice(name.indexOf('_') + 1) : name;
  return id || undefined;
}

/** A parsed session file -> domain records. Pure apart from `path` helpers. */
export function mapPiFile(file: PiFile, ctx: PiSessionContext): MappedSession {
  const { header } = file;
  const sessionID = header.id;
  const b = new SessionBuilder(sessionID);
  const state: PiRunState = {};
  const created = timeOf(header.timestamp) ?? timeOf(file.entries[0]?.timestamp) ?? ctx.mtime ?? 0;
  let now = created;
  let updated = created;
  let titleChange: string | undefined;
  const forkedFrom = forkOrigin(header.parentSession, ctx.path);
  let ended: number | undefined;
  for (const entry of file.entries) {
    const time = timeOf(entry.timestamp) ?? now;
    now = time;
    b.register(entry);
    if (entry.type === 'title_change' && typeof entry.title === 'string') titleChange = entry.title;
    // A fork repeats the original's entries (same ids and times, before the fork's header): they
    // count in the original. Only the state they set (model, mode) carries over.
    if (forkedFrom && time < created) {
      if (entry.type !== 'message') updateState(entry, state);
      continue;
    }
    updated = Math.max(updated, time);
    // A resumed session writes on after its exit: only an exit after the last message ends it.
    if (isSessionExit(entry)) ended = time;
    else if (entry.type === 'message') ended = undefined;
    if (entry.type !== 'message') addEventEntry(b, entry, time, state);
    else if (!addMessageEntry(b, entry, time, state)) {
      const role = (entry.message as { role?: unknown } | undefined)?.role;
      b.attach(entry, [unknownPart(b, entry, time, `pi:message:${typeof role === 'string' ? role : 'invalid'}`)]);
    }
  }
  const { messages, parts } = b.finish(() => ({ id: `${sessionID}:events`, sessionID, role: 'user', time: { created }, cost: 0, tokens: emptyTokens() }));
  linkArtifacts(parts, ctx.path);
  const cwd = header.cwd ?? cwdFromPath(ctx.path);
  const title = file.titleSlot ?? titleChange ?? header.title ?? firstUserText(messages, parts) ?? path.basename(ctx.path, '.jsonl');
  const session: SessionInfo = {
    id: sessionID,
    source: ctx.kind,
    projectID: cwd,
    directory: cwd,
    ...(ctx.parentID ? { parentID: ctx.parentID } : {}),
    ...(forkedFrom ? { forkedFrom } : {}),
    title,
    time: { created, updated, ...(ended !== undefined ? { ended } : {}) },
    origin: ctx.path,
  };
  const project: Project = { id: cwd, worktree: cwd, name: path.basename(cwd) || cwd, source: ctx.kind, timeCreated: created, timeUpdated: updated };
  return { session, project, messages, parts };
}
