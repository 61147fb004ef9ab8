import 'server-only';
import type { MessageInfo } from '@/lib/model/message';
import type { PartMeta } from '@/lib/model/part-meta';
import type { ReadIssue, StepIndexRead } from '../readers/read-result';
import { appendAll } from '@/lib/arrays/append-all';

/** Sessions whose step index is kept (a 10,000-part session's is ~10,000 ids and ~2,000 steps). */
export const STEP_INDEX_SESSIONS = 16;

/** Every part id of one session's messages and its step-finish parts: the step chart and the part count. */
export interface StepIndex {
  /** The messages whose parts are counted. */
  messages: Set<string>;
  partIDs: Set<string>;
  /** step-finish parts by part id. */
  steps: Map<string, PartMeta>;
  issues: ReadIssue[];
}

export interface StepIndexLoaders {
  /** The whole session. */
  all(): Promise<StepIndexRead | undefined>;
  /** Some messages only (new ones). */
  messages(ids: readonly string[]): Promise<StepIndexRead | undefined>;
}

interface Entry {
  /** The source it was read from: a session that another source takes over is read again. */
  owner: object;
  index: Promise<StepIndex>;
  value?: StepIndex;
  /** Reads under way; parts that arrive meanwhile wait in `pending`, applied after them. */
  busy: number;
  pending: PartMeta[];
  /** Messages that appeared since: their parts are read before the index is next used. */
  uncovered: Set<string>;
}

/**
 * Step indexes of the sessions opened last. Read once per session, then kept up to date from the
 * parts each change brings (and the parts of messages that appear), so a live session's chart
 * does not re-read thousands of parts on every write.
 */
export class StepIndexCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly maxSessions = STEP_INDEX_SESSIONS) {}

  get(sessionID: string, owner: object, load: StepIndexLoaders): Promise<StepIndex> {
    const cached = this.entries.get(sessionID);
    if (cached?.owner === owner) {
      this.entries.delete(sessionID);
      this.entries.set(sessionID, cached);
      if (cached.uncovered.size > 0 && cached.busy === 0) this.cover(sessionID, cached, load);
      return cached.index;
    }
    this.entries.delete(sessionID);
    const entry: Entry = { owner, index: Promise.resolve(emptyIndex()), busy: 1, pending: [], uncovered: new Set() };
    entry.index = load.all().then(
      (read) => {
        const index = emptyIndex();
        merge(index, read);
        entry.value = index;
        this.settle(entry);
        return index;
      },
      (error: unknown) => {
        if (this.entries.get(sessionID) === entry) this.entries.delete(sessionID);
        throw error;
      },
    );
    this.entries.set(sessionID, entry);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxSessions) break;
      this.entries.delete(oldest);
    }
    return entry.index;
  }

  /** Messages a change of `owner` brought: those new to an index have their parts read when it is next used. */
  noteMessages(owner: object, messages: readonly MessageInfo[]): void {
    for (const message of messages) {
      const entry = this.entries.get(message.sessionID);
      if (entry?.owner !== owner) continue;
      if (!entry.value?.messages.has(message.id)) entry.uncovered.add(message.id);
    }
  }

  /** Parts a change of `owner` brought (new or rewritten). */
  apply(owner: object, parts: readonly PartMeta[]): void {
    for (const part of parts) {
      const entry = this.entries.get(part.sessionID);
      if (entry?.owner !== owner) continue;
      if (entry.busy > 0 || !entry.value) entry.pending.push(part);
      else put(entry.value, part);
    }
  }

  /** Parts of `owner` removed (their session unknown): forgotten where held. */
  remove(owner: object, partIDs: readonly string[]): void {
    if (partIDs.length === 0) return;
    for (const [sessionID, entry] of this.entries) {
      if (entry.owner !== owner) continue;
      // Being read: the removal cannot be ordered against the read, so read it again next time.
      if (entry.busy > 0 || !entry.value) this.entries.delete(sessionID);
      else
        for (const id of partIDs) {
          entry.value.partIDs.delete(id);
          entry.value.steps.delete(id);
        }
    }
  }

  /** Ids of the parts counted for a session read from `owner`. */
  partIdsOf(sessionID: string, owner: object): Iterable<string> {
    const entry = this.entries.get(sessionID);
    return entry?.owner === owner ? (entry.value?.partIDs ?? []) : [];
  }

  forget(sessionIDs: Iterable<string>): void {
    for (const id of sessionIDs) this.entries.delete(id);
  }

  clear(): void {
    this.entries.clear();
  }

  /** Reads the parts of messages that appeared since the index was read. */
  private cover(sessionID: string, entry: Entry, load: StepIndexLoaders): void {
    const value = entry.value;
    if (!value) return;
    const ids = [...entry.uncovered];
    entry.uncovered.clear();
    for (const id of ids) value.messages.add(id);
    entry.busy++;
    entry.index = load.messages(ids).then(
      (read) => {
        merge(value, read);
        this.settle(entry);
        return value;
      },
      (error: unknown) => {
        if (this.entries.get(sessionID) === entry) this.entries.delete(sessionID);
        throw error;
      },
    );
  }

  private settle(entry: Entry): void {
    entry.busy--;
    if (entry.busy > 0 || !entry.value) return;
    for (const part of entry.pending) put(entry.value, part);
    entry.pending = [];
  }
}

function emptyIndex(): StepIndex {
  return { messages: new Set(), partIDs: new Set(), steps: new Map(), issues: [] };
}

function merge(index: StepIndex, read: StepIndexRead | undefined): void {
  if (!read) return;
  for (const id of read.messageIDs) index.messages.add(id);
  for (const id of read.partIDs) index.partIDs.add(id);
  for (const step of read.steps) index.steps.set(step.id, step);
  appendAll(index.issues, read.issues);
}

/** A part counts once its message is known to the index (a part written before its message comes with it). */
function put(index: StepIndex, part: PartMeta): void {
  if (!index.messages.has(part.messageID)) return;
  index.partIDs.add(part.id);
  if (part.type === 'step-finish') index.steps.set(part.id, part);
  else index.steps.delete(part.id);
}
