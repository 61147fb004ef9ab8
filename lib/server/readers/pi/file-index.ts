import 'server-only';
import type { MessageInfo } from '@/lib/model/message';
import type { Part } from '@/lib/model/part';
import { partMetaOf, type PartMeta } from '@/lib/model/part-meta';
import type { Project } from '@/lib/model/project';
import type { SessionInfo } from '@/lib/model/session';
import { tailMessageIds } from '@/lib/model/tail-messages';
import type { ChangeSet } from '@/lib/server/readers/read-result';
import { appendAll } from '@/lib/arrays/append-all';
import type { FileHead } from '../file-head';

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
export type FileRead =
  | {
      state: 'ok';
      mapped: FileSession;
      issues: ChangeSet['issues'];
      /** A read of the file's end only (Claude Code, read-claude-file.ts): its other records stay; these are gone. */
      gone?: { messageIDs: string[]; partIDs: string[] };
    }
  | { state: 'not-ready' | 'missing'; issues: ChangeSet['issues'] };

interface Known {
  sessionID: string;
  /** Undefined for a file taken as the session database holds it: asked of it when needed (`heldIds`). */
  messageIDs?: Set<string>;
  partIDs?: Set<string>;
}

/** A session's message and part ids as the session database holds them. */
export type HeldIds = (sessionID: string) => { messageIDs: string[]; partIDs: string[] };

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
  /**
   * What the session database holds of a session: a file read whose session this index has no ids
   * for (taken as held, or read for the first time this run) lists what it lost against these.
   */
  heldIds: HeldIds | undefined;

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

  /**
   * Takes a read of one file's end (FileRead.gone): its records upserted, the other records it had
   * kept, only those listed gone removed.
   */
  takeAppended(cs: ChangeSet, filePath: string, summary: FileSummary, issues: ChangeSet['issues'], gone: { messageIDs: string[]; partIDs: string[] }): void {
    appendAll(cs.issues, issues);
    const prev = this.files.get(filePath);
    cs.sessions.push(summary.session);
    appendAll(cs.messages, summary.messages);
    appendAll(cs.parts, summary.parts);
    addProject(cs, summary.project);
    appendAll(cs.removed.messages, gone.messageIDs);
    appendAll(cs.removed.parts, gone.partIDs);
    const same = prev?.sessionID === summary.session.id ? prev : undefined;
    const without = (known: Set<string> | undefined, lost: string[], added: Iterable<string>) => {
      if (!known) return undefined;
      const next = new Set(known);
      for (const id of lost) next.delete(id);
      for (const id of added) next.add(id);
      return next;
    };
    // Undefined ids (a file taken as held, or not read yet this run) are asked of the session database.
    const messageIDs = without(same?.messageIDs, gone.messageIDs, summary.messages.map((m) => m.id));
    const partIDs = without(same?.partIDs, gone.partIDs, summary.parts.map((p) => p.id));
    this.files.set(filePath, { sessionID: summary.session.id, ...(messageIDs ? { messageIDs } : {}), ...(partIDs ? { partIDs } : {}) });
    this.sessions.set(summary.session.id, filePath);
  }

  /** Takes one file as the session database holds it (not read: its messages and tool calls are there already). */
  takeHeld(cs: ChangeSet, filePath: string, head: FileHead): void {
    appendAll(cs.issues, head.issues);
    if (!head.session || !head.project) return;
    const prev = this.files.get(filePath);
    if (prev && prev.sessionID !== head.session.id) this.drop(cs, filePath, prev);
    cs.sessions.push(head.session);
    appendAll(cs.parts, head.parts);
    addProject(cs, head.project);
    this.files.set(filePath, { sessionID: head.session.id });
    this.sessions.set(head.session.id, filePath);
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
    const next = { sessionID: read.session.id, messageIDs: new Set(read.messages.map((m) => m.id)), partIDs: new Set(read.parts.map((p) => p.id)) };
    if (prev && prev.sessionID !== next.sessionID) this.drop(cs, filePath, prev);
    // What the session had before this read: as this index knew it, else as the database holds it.
    const before = prev?.sessionID === next.sessionID && prev.messageIDs ? prev : this.heldOf(next.sessionID);
    if (before) {
      appendAll(cs.removed.messages, [...(before.messageIDs ?? [])].filter((id) => !next.messageIDs.has(id)));
      appendAll(cs.removed.parts, [...(before.partIDs ?? [])].filter((id) => !next.partIDs.has(id)));
    }
    this.files.set(filePath, next);
    this.sessions.set(next.sessionID, filePath);
  }

  /** The file is gone (or no longer holds a session): its session goes, and its entry in the session database. */
  remove(cs: ChangeSet, filePath: string): void {
    const prev = this.files.get(filePath);
    if (prev) this.drop(cs, filePath, prev);
    this.files.delete(filePath);
    (cs.filesGone ??= []).push(filePath);
  }

  private drop(cs: ChangeSet, filePath: string, prev: Known): void {
    cs.removed.sessions.push(prev.sessionID);
    const ids = prev.messageIDs ? prev : this.heldOf(prev.sessionID);
    appendAll(cs.removed.messages, ids?.messageIDs ?? []);
    appendAll(cs.removed.parts, ids?.partIDs ?? []);
    if (this.sessions.get(prev.sessionID) === filePath) this.sessions.delete(prev.sessionID);
  }

  private heldOf(sessionID: string): { messageIDs: Iterable<string>; partIDs: Iterable<string> } | undefined {
    return this.heldIds?.(sessionID);
  }
}
