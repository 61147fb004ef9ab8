import 'server-only';
import type { ChangeSet, GonePart, HeldFiles, HeldSource } from '../readers/read-result';
import { partsGoneFrom } from '../db/queries/parts-gone';
import { SessionDbWriter } from '../db/ingest/session-db-writer';
import type { SqliteSessionDb } from '../db/sqlite/sqlite-session-db';
import { HeldMessagesOfSource } from '../db/sqlite/held-messages';
import { openSqliteSessionDb } from '../db/sqlite/open-sqlite-session-db';
import type { SourceIndex } from './source-index';
import type { GroupedSession } from '@/lib/accounting/stats-grouping';
import type { Project } from '@/lib/model/project';
import { sessionHead, sourceProjects } from '../db/queries/session-list';
import { runSync } from '../db/query-plan';
import { ownedMessageCountQuery } from '../db/queries/message-count';

/**
 * The session database kept equal to the store's sources: every change set the store takes in is
 * written in one transaction, and a source read whole again drops what it no longer holds. The
 * sources' messages live here only (each index reads them through `HeldMessagesOfSource`). A
 * database file that fails (a full disk, a damaged file) is given up for the rest of the run, said
 * once: a database in memory takes its place and the store reads every source into it again
 * (`onReplaced`).
 */
export class SessionDbMirror {
  private current_: SqliteSessionDb;
  private writer: SessionDbWriter;
  private readonly ids = new Map<SourceIndex, number>();
  private readonly held = new Map<SourceIndex, HeldMessagesOfSource>();
  private failure: string | undefined;
  /** Whether even the database in memory failed: nothing can be answered. */
  private broken = false;
  private closed = false;
  /** Called once the failed file was replaced by a database in memory: every source must be read again. */
  onReplaced: (() => void) | undefined;
  /** Ids of the messages each source's full read under way produced: the sweep after it removes the rest. */
  private readonly messagesRead = new Map<SourceIndex, Set<string>>();
  /** Sources whose rows were found to be their whole content at this start (see `verify`). */
  private readonly verified = new Set<SourceIndex>();
  /**
   * Verified sources whose first read is not written: it reads what the database holds already
   * (re-writing 100,000 unchanged rows held the restart's first requests). Checked at its end.
   */
  private readonly trusted = new Set<SourceIndex>();
  /**
   * Ids of the parts each source's full read under way produced (the store keeps the newest
   * messages' parts only): the sweep after it removes the parts the source no longer holds.
   */
  private readonly partsRead = new Map<SourceIndex, Set<string>>();
  /** Sources whose full read under way took unchanged files' records as held (ChangeSet.recordsHeld): only sessions are swept after it. */
  private readonly recordsHeld = new Set<SourceIndex>();
  /** Sources found unchanged after their first read's messages: the database holds their tool calls already. */
  private readonly heldWhole = new Set<SourceIndex>();
  /** The newest resume mark of a source whose full read is not swept yet: kept once it is (a mark stands for rows held whole). */
  private readonly pendingMarks = new Map<SourceIndex, string>();
  /**
   * Sessions whose usage sums wait for the end of the first read's messages (`initialReadDone`):
   * totals are not answered before it, and each session is summed once rather than with every
   * chunk of messages that touched it. The database lists them too (UsagePendingTable), for
   * another process on it and for the next start if this one stops first.
   */
  private readonly deferredUsage = new Map<SourceIndex, Set<string>>();
  /** Sources whose first read's messages are all in. */
  private readonly initialDone = new Set<SourceIndex>();
  /** Sources whose full read under way began with nothing of them in the database: no sweep after it. */
  private readonly readIntoEmpty = new Set<SourceIndex>();
  /** Sources whose last full read failed: the database holds part of them, and keeps no mark. */
  private readonly partial = new Set<SourceIndex>();

  constructor(
    db: SqliteSessionDb,
    private readonly indexes: readonly SourceIndex[],
  ) {
    this.current_ = db;
    this.writer = new SessionDbWriter(db);
    this.registerSources();
    for (const index of indexes) {
      const held = new HeldMessagesOfSource(
        () => (this.broken || this.closed ? undefined : this.current_),
        () => this.ids.get(index),
      );
      this.held.set(index, held);
      index.messages = held;
    }
  }

  /** The database answers come from (the cache file, or the one in memory that replaced it). */
  get db(): SqliteSessionDb {
    return this.current_;
  }

  private registerSources(): void {
    for (const index of this.indexes) this.ids.set(index, this.writer.sourceId(index.reader.kind, index.reader.path, index.priority));
  }

  /** Whether answers can come from the database. */
  get usable(): boolean {
    return !this.broken;
  }

  /** The usage of the sessions the first read's messages touched, summed now (see `deferredUsage`); returns them. */
  private sumDeferred(index: SourceIndex): ReadonlySet<string> {
    const sessions = this.deferredUsage.get(index) ?? new Set<string>();
    this.deferredUsage.delete(index);
    // With them, the sessions another process wrote and left unsummed (it reads them too, or it
    // stopped): this read found their messages written already, equal, and wrote none of them.
    this.guard(() => {
      const sourceId = this.idOf(index);
      if (sessions.size === 0 && !this.writer.anyPending(sourceId)) return;
      for (const id of this.writer.sumDeferred(sourceId, sessions, this.readIntoEmpty.has(index))) sessions.add(id);
    });
    return sessions;
  }

  /**
   * Whether the database holds every source's whole content: each source still has the fingerprint
   * its last complete read began at (checked once, at the start), or was read whole since.
   */
  get current(): boolean {
    return this.usable && this.verified.size === this.ids.size;
  }

  /** Why the cache file was given up (this run keeps its database in memory), if it was. */
  get error(): string | undefined {
    return this.failure;
  }

  /** Checks, before a start reads anything, whether the rows of `index` are its whole content still. */
  async verify(index: SourceIndex): Promise<boolean> {
    const now = await index.reader.fingerprint?.().catch(() => undefined);
    let recorded: string | undefined;
    this.guard(() => (recorded = this.writer.completeAs(this.idOf(index))));
    if (now === undefined || now !== recorded) return false;
    // Its rows are its whole content, but a process that wrote some may have stopped before summing their usage (UsagePendingTable): summed before any total is answered.
    let summed = false;
    this.guard(() => {
      this.writer.sumPending(this.idOf(index));
      summed = true;
    });
    if (!summed) return false;
    this.verified.add(index);
    this.trusted.add(index);
    return true;
  }

  /**
   * The first read's messages are all in. A source verified at the start is checked again: still
   * as recorded, the database holds what the read found and nothing was written. Changed
   * meanwhile, the read's messages were not written: true, the source must be read again whole.
   * Any other source is swept and its fingerprint recorded (`readWhole`).
   */
  async initialReadDone(index: SourceIndex): Promise<{ readAgain: boolean; summed: ReadonlySet<string> }> {
    this.initialDone.add(index);
    const summed = this.sumDeferred(index);
    return { readAgain: await this.checkInitialRead(index), summed };
  }

  private async checkInitialRead(index: SourceIndex): Promise<boolean> {
    if (this.trusted.delete(index)) {
      const now = await index.reader.fingerprint?.().catch(() => undefined);
      let recorded: string | undefined;
      this.guard(() => (recorded = this.writer.completeAs(this.idOf(index))));
      this.messagesRead.delete(index);
      if (now !== undefined && now === recorded) {
        this.partsRead.delete(index);
        this.heldWhole.add(index);
        return false;
      }
      this.verified.delete(index);
      return true;
    }
    // The parts come in the stages after the messages: they are swept when those are in (`partsReadDone`).
    this.sweepRecords(index, undefined);
    this.recordComplete(index);
    return false;
  }

  /**
   * The database's messages of a source it holds whole at this start (verified, not read since):
   * the first read need not read them again (see FullReadOptions.held; checked at its end).
   */
  heldSource(index: SourceIndex): HeldSource | undefined {
    const held = this.held.get(index);
    if (!held || !this.trusted.has(index) || !this.usable) return undefined;
    return { messageIdsOf: (sessionID) => held.idsOf(sessionID) };
  }

  /** The database's messages of a source, once a read's change sets are in (see FullReadOptions.heldAfter). */
  heldMessagesOf(index: SourceIndex): HeldSource | undefined {
    const held = this.held.get(index);
    if (!held || !this.usable) return undefined;
    return { messageIdsOf: (sessionID) => held.idsOf(sessionID) };
  }

  /** Where the source's reader left off, with the database's messages of it (see FullReadOptions.resume). */
  resumeSource(index: SourceIndex): { mark: string; held: HeldSource } | undefined {
    const held = this.held.get(index);
    const sourceId = this.ids.get(index);
    if (!held || sourceId === undefined || !this.usable) return undefined;
    let mark: string | undefined;
    this.guard(() => (mark = this.writer.resumeAt(sourceId)));
    return mark === undefined ? undefined : { mark, held: { messageIdsOf: (sessionID) => held.idsOf(sessionID) } };
  }

  /** Each file's entry of a file reader's source, so that its full read reads only the files that changed (see FullReadOptions.heldFiles). */
  heldFiles(index: SourceIndex): HeldFiles | undefined {
    const sourceId = this.ids.get(index);
    if (sourceId === undefined || !this.usable) return undefined;
    return {
      files: () => {
        let files: ReturnType<HeldFiles['files']> = [];
        this.guard(() => (files = this.writer.heldFiles(sourceId)));
        return files;
      },
      idsOf: (sessionID) => {
        let ids = { messageIDs: [] as string[], partIDs: [] as string[] };
        // The database answers for the one this run uses now (a failed file's replacement starts empty and is read whole).
        this.guard(() => (ids = this.writer.idsOf(this.idOf(index), sessionID)));
        return ids;
      },
    };
  }

  /**
   * The parts a change removes, as the database holds them: those it names and those a session's
   * full part list lacks (a reply that lost an output part is timed again).
   */
  partsGone(index: SourceIndex, changes: ChangeSet): GonePart[] {
    if (!this.usable || (changes.removed.parts.length === 0 && changes.listedParts.length === 0)) return [];
    const sourceId = this.ids.get(index);
    if (sourceId === undefined) return [];
    let gone: GonePart[] = [];
    this.guard(() => (gone = partsGoneFrom(this.db, sourceId, changes)));
    return gone;
  }

  /** Whether a full read of the source should read every tool call (see FullReadOptions): not during a first read that found it unchanged. */
  wantsToolCalls(index: SourceIndex): boolean {
    return this.usable && !this.heldWhole.has(index);
  }

  /** The first read's last stage is in: parts of the source it did not produce are gone (unless the read failed). */
  partsReadDone(index: SourceIndex): void {
    // Later full reads (a source read anew) are swept by what they read: they read every call.
    this.heldWhole.delete(index);
    this.readIntoEmpty.delete(index);
    const read = this.partsRead.get(index);
    this.partsRead.delete(index);
    if (read && !index.failure) this.guard(() => this.writer.sweepParts(this.idOf(index), read));
    this.keepPendingMark(index);
  }

  /**
   * A full read is swept: the mark its last stage left stands for what the database holds. After a
   * failed read it holds part of the source: no mark (a restart reads it whole), none from the
   * increments after it either, until a full read succeeds.
   */
  private keepPendingMark(index: SourceIndex): void {
    const mark = this.pendingMarks.get(index);
    this.pendingMarks.delete(index);
    if (index.failure) {
      this.partial.add(index);
      this.guard(() => this.writer.recordResumeAt(this.idOf(index), undefined));
      return;
    }
    this.partial.delete(index);
    if (mark !== undefined) this.guard(() => this.writer.recordResumeAt(this.idOf(index), mark));
  }

  /** Whether a full read of the source is under way whose sweep has not run (its rows are not the source's whole content yet). */
  private midRead(index: SourceIndex): boolean {
    return this.trusted.has(index) || this.messagesRead.has(index) || this.recordsHeld.has(index) || this.partsRead.has(index) || this.readIntoEmpty.has(index);
  }

  /**
   * A full read's messages are all in: what the database holds beyond them is removed, and the
   * fingerprint the read began at is recorded (none when the read skipped or failed anything).
   * Returns the sessions whose usage was summed only now: a first read that ended here without
   * `initialReadDone` (Store.start calls it for every source; this is the net under that).
   */
  readWhole(index: SourceIndex): ReadonlySet<string> {
    let summed: ReadonlySet<string> = new Set();
    if (!this.initialDone.has(index)) {
      this.initialDone.add(index);
      summed = this.sumDeferred(index);
    }
    this.readIntoEmpty.delete(index);
    const read = this.partsRead.get(index);
    this.partsRead.delete(index);
    this.sweepRecords(index, index.failure ? undefined : read);
    // Its sessions may have been written twice (Claude Code's first pass): the totals as one sum gives them.
    this.guard(() => this.writer.sumTotalsAnew(this.idOf(index)));
    this.recordComplete(index);
    this.keepPendingMark(index);
    return summed;
  }

  private recordComplete(index: SourceIndex): void {
    // A read that threw is complete as of nothing: the next start reads the source again.
    const fingerprint = index.failure ? undefined : index.reader.completeAs?.();
    this.guard(() => this.writer.recordCompleteAs(this.idOf(index), fingerprint));
    if (fingerprint !== undefined) this.verified.add(index);
  }

  /** A session as the database holds it (before the store has read it, at a restart). */
  sessionHead(id: string): GroupedSession | undefined {
    if (!this.usable) return undefined;
    return runSync(this.db, sessionHead('sqlite', this.sourceIds(), id));
  }

  /** Messages of the sessions shown (see owned-sessions.ts). */
  messageCount(): number {
    return this.usable ? Number(this.db.value(ownedMessageCountQuery('sqlite', this.sourceIds())) ?? 0) : 0;
  }

  projects(): Pick<Project, 'id' | 'name' | 'worktree'>[] {
    return this.usable ? runSync(this.db, sourceProjects('sqlite', this.sourceIds())) : [];
  }

  sourceIds(): number[] {
    return [...this.ids.values()];
  }

  /**
   * What the source's summary rows were built from (SourceTable.summaries_as) and its data
   * generation now; undefined where the database cannot answer.
   */
  summariesAs(index: SourceIndex): { as: string | undefined; generation: number } | undefined {
    let value: { as: string | undefined; generation: number } | undefined;
    this.guard(() => (value = this.writer.summariesAs(this.idOf(index))));
    return value;
  }

  /**
   * Records what the source's summary rows were built from, unless its rows changed since this
   * process last saw them (another process wrote them): false then.
   */
  recordSummariesAs(index: SourceIndex, value: string): boolean {
    let recorded = false;
    this.guard(() => (recorded = this.writer.recordSummariesAs(this.idOf(index), value)));
    return recorded;
  }

  /** The source's data generation as this process last saw it (see SourceTable.data_generation). */
  seenGeneration(index: SourceIndex): number | undefined {
    const id = this.ids.get(index);
    return id === undefined || !this.usable ? undefined : this.writer.seenGeneration(id);
  }

  /** The database's id of a source. */
  sourceIdOf(index: SourceIndex): number | undefined {
    return this.ids.get(index);
  }

  /**
   * Runs `task` on the database, or in one transaction of the process's writer (`writeWith`: the
   * summaries' rows, see summary-rows.ts); undefined or false if the database failed (it is given
   * up as any write's failure is).
   */
  readWith<T>(task: (db: SqliteSessionDb, sourceIds: readonly number[]) => T): T | undefined {
    if (!this.usable || this.closed) return undefined;
    let out: T | undefined;
    this.guard(() => {
      out = task(this.current_, this.sourceIds());
    });
    return out;
  }

  writeWith(task: (db: SqliteSessionDb, sourceIds: readonly number[]) => void): boolean {
    let done = false;
    this.guard(() => {
      this.current_.transaction(() => task(this.current_, this.sourceIds()));
      done = true;
    });
    return done;
  }

  /** Writes a change set of the source; returns the sessions whose messages it wrote, moved or removed. */
  apply(index: SourceIndex, changes: ChangeSet): Set<string> {
    if (changes.complete && changes.recordsHeld) {
      // Each file read listed what it lost; the rest are held as they are: only sessions are swept.
      this.recordsHeld.add(index);
      this.partsRead.delete(index);
      this.messagesRead.delete(index);
    } else if (changes.complete) {
      this.recordsHeld.delete(index);
      this.partsRead.delete(index);
      this.messagesRead.delete(index);
      // Into a database that holds nothing of the source, every row is the read's own: nothing to
      // sweep after it, and no ids to keep (at 20,000 sessions 1.4 million of them, ~100 MB of the peak).
      let empty = false;
      if (!this.trusted.has(index)) this.guard(() => (empty = this.writer.holdsNothing(this.idOf(index))));
      if (empty) this.readIntoEmpty.add(index);
      else {
        this.readIntoEmpty.delete(index);
        this.partsRead.set(index, new Set());
        // A trusted read writes no message: there is nothing to sweep after it.
        if (!this.trusted.has(index)) this.messagesRead.set(index, new Set());
      }
    }
    const read = this.partsRead.get(index);
    if (read) for (const part of changes.parts) read.add(part.id);
    const messages = this.messagesRead.get(index);
    if (messages) {
      for (const message of changes.messages) messages.add(message.id);
      for (const id of changes.removed.messages) messages.delete(id);
    }
    const held = this.held.get(index);
    // A trusted read's messages are in the database already (it is checked at the read's end); its
    // parts are written (unchanged rows cost no page), as the store keeps the newest messages' only.
    if (this.trusted.has(index)) {
      if (changes.resumeMark !== undefined) this.pendingMarks.set(index, changes.resumeMark);
      this.guard(() => this.writer.applyParts(this.idOf(index), changes));
      return new Set();
    }
    let sessions = new Set<string>();
    // A mark is written with its change set only while the rows are the source's whole content.
    let mark = this.partial.has(index) ? undefined : changes.resumeMark;
    if (mark !== undefined && this.midRead(index)) {
      this.pendingMarks.set(index, mark);
      mark = undefined;
    }
    // The first read's messages are summed once they are all in.
    let deferred = this.deferredUsage.get(index);
    if (!deferred && !this.initialDone.has(index) && changes.complete && !changes.recordsHeld) this.deferredUsage.set(index, (deferred = new Set()));
    this.guard(() => {
      const applied = this.writer.apply(this.idOf(index), changes, mark, deferred);
      sessions = applied.sessions;
      held?.adjustCount(applied.addedMessages);
    });
    for (const message of changes.messages) sessions.add(message.sessionID);
    held?.forget(sessions);
    held?.forget(changes.removed.sessions);
    return sessions;
  }

  /** After a full read: rows of the source the store no longer holds are removed (parts: those `parts` lacks, when given). */
  private sweepRecords(index: SourceIndex, parts: ReadonlySet<string> | undefined): void {
    const messages = this.messagesRead.get(index);
    this.messagesRead.delete(index);
    const held = this.recordsHeld.delete(index);
    // A read that failed is not the source's whole content: nothing is swept by it.
    if ((!messages && !held) || index.failure) return;
    this.guard(() =>
      this.writer.sweep(this.idOf(index), {
        projects: new Set(index.projects.keys()),
        sessions: new Set(index.sessions.keys()),
        messages: held ? undefined : messages,
        parts: held ? undefined : parts,
      }),
    );
    this.held.get(index)?.reset();
  }

  /** The store stopped: a read still under way writes nothing (and fails nothing). */
  close(): void {
    this.closed = true;
    this.current_.close();
  }

  private idOf(index: SourceIndex): number {
    const id = this.ids.get(index);
    if (id === undefined) throw new Error(`source ${index.reader.kind}:${index.reader.path} is not registered`);
    return id;
  }

  private guard(task: () => void): void {
    if (this.broken || this.closed) return;
    try {
      task();
    } catch (error) {
      this.fail(error);
    }
  }

  /**
   * The database failed: the file is given up for this run and a database in memory takes its
   * place, filled by reading every source again. If that fails too, nothing can be answered.
   */
  private fail(error: unknown): void {
    const reason = (error as Error).message.split('\n')[0] ?? String(error);
    const failed = this.current_;
    if (failed.file === undefined || this.failure !== undefined) {
      this.broken = true;
      console.error(`[sessionscope] session database ${failed.file ?? '(in memory)'} failed, nothing can be shown until restart: ${reason}`);
      return;
    }
    this.failure = reason;
    console.error(`[sessionscope] session database ${failed.file} failed, this run keeps its database in memory and reads every source again: ${reason}`);
    try {
      const replacement = openSqliteSessionDb(null);
      if (!replacement) throw new Error('SQLite cannot load');
      this.current_ = replacement;
      this.writer = new SessionDbWriter(replacement);
      this.registerSources();
    } catch (again) {
      this.broken = true;
      console.error(`[sessionscope] a session database in memory cannot be opened either: ${(again as Error).message}`);
      return;
    }
    try {
      failed.close();
    } catch {
      // It failed already: closing is only tidying up.
    }
    this.verified.clear();
    this.trusted.clear();
    this.heldWhole.clear();
    this.recordsHeld.clear();
    this.pendingMarks.clear();
    this.partial.clear();
    this.partsRead.clear();
    this.messagesRead.clear();
    this.readIntoEmpty.clear();
    // Every source is read anew into the new database, each change summed as it comes.
    this.deferredUsage.clear();
    for (const index of this.indexes) this.initialDone.add(index);
    for (const held of this.held.values()) held.reset();
    this.onReplaced?.();
  }
}
