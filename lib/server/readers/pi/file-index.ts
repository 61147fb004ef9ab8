import 'server-only';
import type { MessageInfo } from '@/lib/model/message';
import type { Part } from '@/lib/model/part';
import { partMetaOf, type PartMeta } from '@/lib/model/part-meta';
import type { Project } from '@/lib/model/project';
import type { SessionInfo } from '@/lib/model/session';
import { tailMessageIds } from '@/lib/model/tail-messages';
import type { ChangeSet } from '@/lib/server/readers/read-result';
import { appendAll } from '@/lib/arrays/append-all';

/** One session file read into domain records (what pi and Claude Code readers produce). */
export interface FileSession {
  session: SessionInfo;
  project: Project;
  messages: MessageInfo[];
  parts: Part[];
}

/**
 * What the store takes of one session file's read: the session, its messages, and part metadata of
 * the newest messages and of every tool call (see `summaryOf`; bodies are read when the session is opened).
 * It is also what the summary index keeps per file (file-summary-cache.ts).
 */
export interface FileSummary {
  session: SessionInfo;
  project: Project;
  messages: MessageInfo[];
  parts: PartMeta[];
}

/**
 * The summary of a read: part metadata of the newest messages, and every tool call (the session
 * database counts each for tool insights; the store keeps the newest messages' parts only).
 */
export function summaryOf(read: FileSession): FileSummary {
  const tail = tailMessageIds(read.messages);
  return { session: read.session, project: read.project, messages: read.messages, parts: read.parts.filter((p) => p.type === 'tool' || tail.has(p.messageID)).map((p) => partMetaOf(p)) };
}

/** One session file's read, as both file readers report it (a half-written file is `not-ready`). */
export type FileRead = { state: 'ok'; mapped: FileSession; issues: ChangeSet['issues'] } | { state: 'not-ready' | 'missing'; issues: ChangeSet['issues'] };

interface Known {
  sessionID: string;
  messageIDs: Set<string>;
  partIDs: Set<string>;
}

/** Upserts a project into a change set, widening its time range when it is already there. */
export function addProject(cs: ChangeSet, project: Project): void {
  const same = cs.projects.find((p) => p.id === project.id && p.source === project.source);
  if (!same) {
    cs.projects.push({ ...project });
    return;
  }
  if (project.timeCreated !== undefined) same.timeCreated = Math.min(same.timeCreated ?? Infinity, project.timeCreated);
  if (project.timeUpdated !== undefined) same.timeUpdated = Math.max(same.timeUpdated ?? 0, project.timeUpdated);
}

/**
 * What the reader last produced per session file, so a re-read can list the records that
 * disappeared (a file rewritten by a migration, a deleted subagent) as removals.
 */
export class FileIndex {
  private readonly files = new Map<string, Known>();
  private readonly sessions = new Map<string, string>();

  fileOf(sessionID: string): string | undefined {
    return this.sessions.get(sessionID);
  }

  sessionOf(filePath: string): string | undefined {
    return this.files.get(filePath)?.sessionID;
  }

  knownFiles(): string[] {
    return [...this.files.keys()];
  }

  /** Takes one file's summary (from a read, or from the summary index) and the issues its read had. */
  takeSummary(cs: ChangeSet, filePath: string, summary: FileSummary | undefined, issues: ChangeSet['issues']): void {
    appendAll(cs.issues, issues);
    if (summary) this.apply(cs, filePath, summary);
  }

  /** After a full listing: every file known before and not listed now is removed. */
  removeUnlisted(cs: ChangeSet, listed: readonly string[]): void {
    const seen = new Set(listed);
    for (const file of this.knownFiles()) if (!seen.has(file)) this.remove(cs, file);
  }

  /** Upserts one file's records. */
  private apply(cs: ChangeSet, filePath: string, read: FileSummary): void {
    const prev = this.files.get(filePath);
    cs.sessions.push(read.session);
    appendAll(cs.messages, read.messages);
    appendAll(cs.parts, read.parts);
    addProject(cs, read.project);
    const next: Known = { sessionID: read.session.id, messageIDs: new Set(read.messages.map((m) => m.id)), partIDs: new Set(read.parts.map((p) => p.id)) };
    if (prev) {
      if (prev.sessionID !== next.sessionID) this.drop(cs, filePath, prev);
      else {
        appendAll(cs.removed.messages, [...prev.messageIDs].filter((id) => !next.messageIDs.has(id)));
        appendAll(cs.removed.parts, [...prev.partIDs].filter((id) => !next.partIDs.has(id)));
      }
    }
    this.files.set(filePath, next);
    this.sessions.set(next.sessionID, filePath);
  }

  remove(cs: ChangeSet, filePath: string): void {
    const prev = this.files.get(filePath);
    if (prev) this.drop(cs, filePath, prev);
    this.files.delete(filePath);
  }

  private drop(cs: ChangeSet, filePath: string, prev: Known): void {
    cs.removed.sessions.push(prev.sessionID);
    appendAll(cs.removed.messages, prev.messageIDs);
    appendAll(cs.removed.parts, prev.partIDs);
    if (this.sessions.get(prev.sessionID) === filePath) this.sessions.delete(prev.sessionID);
  }
}
