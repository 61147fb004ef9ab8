import type { MessageInfo } from '@/lib/model/message';
import type { Part } from '@/lib/model/part';
import type { PartMeta } from '@/lib/model/part-meta';
import type { Project } from '@/lib/model/project';
import type { SessionInfo } from '@/lib/model/session';
import type { SourceKind } from '@/lib/model/source';
import type { FileDiff, Todo } from '@/lib/model/todo';
import { yieldToRequests } from '../http/request-activity';
import type { NameTarget } from '../watcher/name-watch';
import { appendAll } from '@/lib/arrays/append-all';

/** Why a record or file was skipped. Counted in /api/health and listed on the diagnostics page. */
export interface ReadIssue {
  source: SourceKind | 'plans';
  path: string;
  kind: 'parse' | 'schema' | 'io' | 'database' | 'unsupported';
  reason: string;
  /** When first seen (ms). */
  at: number;
}

/** Records a reader found or re-read. Applying it to the store is an upsert; removals are listed. */
export interface ChangeSet {
  /** True when this is everything the source holds: records of the source not in it are gone. */
  complete?: boolean;
  /**
   * Set on the stage of a full read after which no more messages come (only parts): every token
   * and cost figure of the source is complete once it is applied.
   */
  messagesComplete?: boolean;
  /** Set when the read threw part-way: the source's figures are not complete until a full read succeeds. */
  failed?: string;
  projects: Project[];
  sessions: SessionInfo[];
  messages: MessageInfo[];
  parts: PartMeta[];
  removed: { sessions: string[]; messages: string[]; parts: string[] };
  /**
   * Sessions whose every part id was read just now: parts of theirs the store holds and the list
   * lacks are gone (a source that cannot name each removed part lists what is left instead).
   */
  listedParts: { sessionID: string; partIDs: string[] }[];
  /** Sessions whose content outside the index changed (todos, diffs): their pages refetch. */
  touchedSessions: string[];
  issues: ReadIssue[];
  /**
   * File readers: what each file read just now gave, kept per file by the session database in the
   * same transaction as its records, so a restart reads only the files that changed (see
   * FullReadOptions.heldFiles). `filesGone`: files whose entry goes (gone, or not to be trusted).
   */
  files?: HeldFile[];
  filesGone?: string[];
  /**
   * On a complete change set: the unchanged files' records were taken from the session database,
   * not read (their sessions are listed, their messages and parts are not). Only sessions the
   * source no longer lists are swept after it; each file read lists what it lost itself.
   */
  recordsHeld?: boolean;
  /**
   * Where the reader would follow on from once this change set is written (its cursor, as text it
   * reads back: see FullReadOptions.resume). Set on increments and on a full read's last stage;
   * the session database keeps the newest one of a source it holds whole.
   */
  resumeMark?: string;
}

export function emptyChangeSet(): ChangeSet {
  return { projects: [], sessions: [], messages: [], parts: [], removed: { sessions: [], messages: [], parts: [] }, listedParts: [], touchedSessions: [], issues: [] };
}

/**
 * A stage that carries nothing: a reader's pause inside a long step (a full read yields one so that
 * requests are answered between its queries). The store takes it in as nothing to do.
 */
export function isEmptyChangeSet(changes: ChangeSet): boolean {
  const { removed } = changes;
  return (
    !changes.complete &&
    !changes.messagesComplete &&
    changes.failed === undefined &&
    changes.projects.length + changes.sessions.length + changes.messages.length + changes.parts.length === 0 &&
    removed.sessions.length + removed.messages.length + removed.parts.length === 0 &&
    changes.listedParts.length + changes.touchedSessions.length + changes.issues.length === 0 &&
    (changes.files?.length ?? 0) + (changes.filesGone?.length ?? 0) === 0 &&
    changes.resumeMark === undefined
  );
}

/** Appends `from` to `into` (stages of one full read, into one change set). */
export function mergeChangeSets(into: ChangeSet, from: ChangeSet): ChangeSet {
  into.complete = into.complete || from.complete;
  into.messagesComplete = into.messagesComplete || from.messagesComplete;
  into.failed = into.failed ?? from.failed;
  appendAll(into.projects, from.projects);
  appendAll(into.sessions, from.sessions);
  for (const message of from.messages) into.messages.push(message);
  for (const part of from.parts) into.parts.push(part);
  appendAll(into.removed.sessions, from.removed.sessions);
  appendAll(into.removed.messages, from.removed.messages);
  appendAll(into.removed.parts, from.removed.parts);
  appendAll(into.listedParts, from.listedParts);
  appendAll(into.touchedSessions, from.touchedSessions);
  appendAll(into.issues, from.issues);
  if (from.files) appendAll((into.files ??= []), from.files);
  if (from.filesGone) appendAll((into.filesGone ??= []), from.filesGone);
  into.recordsHeld = into.recordsHeld || from.recordsHeld;
  into.resumeMark = from.resumeMark ?? into.resumeMark;
  return into;
}

/** A staged full read gathered into one change set (what `readAll` returns). */
export async function gatherStages(stages: AsyncIterable<ChangeSet>): Promise<ChangeSet> {
  const all = emptyChangeSet();
  for await (const stage of stages) {
    mergeChangeSets(all, stage);
    // A full read while running (OpenCode started or stopped: the database is reopened) lets the
    // requests that came meanwhile be answered between its stages; it held pages up for ~1.2 s.
    await yieldToRequests();
  }
  // A later stage may hand a record over again, completed (a reply with its time to first token
  // once its parts are read): the read holds each record once, as the last stage gave it.
  all.messages = latestById(all.messages);
  all.parts = latestById(all.parts);
  return all;
}

function latestById<T extends { id: string }>(records: T[]): T[] {
  const byId = new Map<string, T>();
  // Where it first came, as the last stage gave it.
  for (const record of records) byId.set(record.id, record);
  return byId.size === records.length ? records : [...byId.values()];
}

/** What to read of a session's content: some messages' parts only, with or without todos and diffs. */
export interface ContentRequest {
  /** Only these messages' parts (all of the session's when absent). A reader may return more. */
  messageIDs?: readonly string[];
  /** Todos and diffs too (default true). */
  extras?: boolean;
}

/** Every part id of one session's messages and its step-finish parts: its step chart and part count, without bodies. */
export interface StepIndexRead {
  /** The messages read (parts of other messages, left behind by a deleted one, do not count). */
  messageIDs: string[];
  partIDs: string[];
  steps: PartMeta[];
  issues: ReadIssue[];
}

/** The content of one session (or of some of its messages), read on demand when the session is opened. */
export interface SessionContent {
  parts: Part[];
  todos: Todo[];
  diffs: FileDiff[];
  /** Records of this session that could not be read (shown on the session page). */
  issues: ReadIssue[];
}

/** A session written to recently, with its newest messages (where the next writes land). */
export interface LiveSession {
  id: string;
  tail: readonly string[];
}

/** How a full read goes beyond what the store keeps. */
export interface FullReadOptions {
  /**
   * Asked once the messages are in: whether every tool call is wanted too, not only the newest
   * messages' parts (the session database counts them; without one, or when it holds the source
   * whole already, they are not read). Absent: they are.
   */
  toolCalls?(): boolean;
  /**
   * Asked when the read begins: the session database's messages of the source, when it holds the
   * source whole as the reader's fingerprint says now (a restart with nothing changed). A reader
   * that can then read only its projects, sessions and where to follow on from (not every message
   * again) does; it is checked by the store at the read's end, and read whole if it changed.
   */
  held?(): HeldSource | undefined;
  /**
   * Asked when a file reader's full read begins: each file's entry as the session database holds
   * it, so the files whose version is unchanged are not read again. Absent or undefined: every
   * file is read.
   */
  heldFiles?(): HeldFiles | undefined;
  /**
   * Asked when the read begins: the mark the reader left with the last change set the session
   * database holds whole, and its messages. Where `held` gave nothing (the source changed since its
   * last complete read), a reader that can follow on from there (read what changed since, as a
   * reader left running would have) does, on a complete change set with `recordsHeld`; where it
   * gave them, the reader may take what else the mark kept (the sessions active then).
   */
  resume?(): { mark: string; held: HeldSource } | undefined;
  /**
   * Asked at the end of a full read: the session database's messages of the source (by the next
   * increment, every change set of the read is in it), so that a reader need not keep every
   * message id it read for the increments after it (at 20,000 sessions 400,000 of them, for the
   * life of the server).
   */
  heldAfter?(): HeldSource | undefined;
}

/**
 * One session file's entry in the session database: the version (identity, size and time of it and
 * of the files its read takes from) its records were read at, and its head as JSON (`FileHead`).
 */
export interface HeldFile {
  path: string;
  version: string;
  sessionID?: string;
  head: string;
}

/** What the session database holds of a file reader's source (see FullReadOptions.heldFiles). */
export interface HeldFiles {
  /** Every file's entry. */
  files(): HeldFile[];
  /** A session's message and part ids as held: a file read again lists what it lost against them. */
  idsOf(sessionID: string): { messageIDs: string[]; partIDs: string[] };
}

/** A part the change removes, as the store held it: its reply's time to first token is taken again. */
export interface GonePart {
  sessionID: string;
  messageID: string;
  type: string;
}

/** What the session database holds of a source, for a read that does not read the messages again. */
export interface HeldSource {
  /** Ids of a session's messages as held. */
  messageIdsOf(sessionID: string): string[];
}

/** What every source reader offers the store. */
export interface SourceReader {
  readonly kind: SourceKind;
  /** The root this reader looks at (a folder or a database file). */
  readonly path: string;
  /** Whether the root exists right now. */
  found(): boolean;
  /** A full read of the index (no part bodies). */
  readAll(options?: FullReadOptions): Promise<ChangeSet>;
  /**
   * The same full read in stages (the first `complete`: projects and sessions; then messages in
   * chunks; then the newest messages' parts), so the list can answer long before a big history
   * is read.
   */
  readAllStaged?(options?: FullReadOptions): AsyncGenerator<ChangeSet>;
  /** Re-reads what the given changed paths touch; cheap, proportional to the change. */
  readChanged(paths: readonly string[]): Promise<ChangeSet>;
  /**
   * After `readChanged`: replies whose output parts changed without themselves (the store knows
   * them: `known`) get their time to first token taken again from their parts as they are now, and
   * join the change where it differs (as a fresh read would take it).
   */
  retimeReplies?(changes: ChangeSet, known: (sessionID: string, messageID: string) => MessageInfo | undefined, gone?: readonly GonePart[]): Promise<void>;
  /** Paths (files or folders) the watcher should watch for this source. */
  watchTargets(): string[];
  /** Folders with one entry per session or message, of which only new entries are watched. */
  shallowTargets?(): string[];
  /** Folders of many record files, watched by name (one system watch per folder, none per file). */
  nameTargets?(): NameTarget[];
  /**
   * Whether the source changed since the last read began, by its own files' size and time: a
   * file event can be lost (chokidar drops events within 5 ms of another; a commit can land after
   * the read its first write woke), so the store checks once more after a change settles.
   */
  changedSinceRead?(): boolean;
  /**
   * A cheap fingerprint of all the source holds (its files' identity, size and time), where one is
   * cheap: a restart whose source still has the fingerprint its last complete read was taken at
   * answers figures from the session database before reading anything.
   */
  fingerprint?(): Promise<string | undefined>;
  /** The fingerprint the last full read is complete as of (taken when it began); undefined if it skipped or failed anything. */
  completeAs?(): string | undefined;
  /** Folders to watch closely while these sessions are being written. */
  liveTargets?(live: readonly LiveSession[]): string[];
  /** Part bodies, todos and diffs of one session (or of some of its messages); undefined if this source does not hold it. */
  loadContent(sessionID: string, request?: ContentRequest): Promise<SessionContent | undefined>;
  /** The file a session is read from, for a source whose files the search build reads itself (search/build-docs.ts). */
  sessionFile?(sessionID: string): string | undefined;
  /** The session's part ids and step-finish parts, cheaper than its whole content (else the store derives them from it). */
  loadStepIndex?(sessionID: string): Promise<StepIndexRead | undefined>;
  close(): void;
}
