import 'server-only';
import { emptyChangeSet, type ChangeSet } from '../readers/read-result';
import { SessionDbWriter } from '../db/ingest/session-db-writer';
import type { SqliteSessionDb } from '../db/sqlite/sqlite-session-db';
import type { SourceIndex } from './source-index';
import type { GroupedSession } from '@/lib/accounting/stats-grouping';
import type { Project } from '@/lib/model/project';
import { sessionHead, sourceProjects } from '../db/queries/session-list';
import { runSync } from '../db/query-plan';

/**
 * The session database kept equal to the store's sources: every change set the store takes in is
 * written in one transaction, and a source read whole again drops what it no longer holds. A
 * database that fails (a full disk, a damaged file) is given up for the rest of the run, said once,
 * and the store answers from memory.
 */
export class SessionDbMirror {
  private readonly writer: SessionDbWriter;
  private readonly ids = new Map<SourceIndex, number>();
  private failure: string | undefined;
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
  /** Sources found unchanged after their first read's messages: the database holds their tool calls already. */
  private readonly heldWhole = new Set<SourceIndex>();

  constructor(
    readonly db: SqliteSessionDb,
    indexes: readonly SourceIndex[],
  ) {
    this.writer = new SessionDbWriter(db);
    for (const index of indexes) this.ids.set(index, this.writer.sourceId(index.reader.kind, index.reader.path, index.priority));
  }

  /** Whether answers can come from the database (nothing failed so far). */
  get usable(): boolean {
    return this.failure === undefined;
  }

  get error(): string | undefined {
    return this.failure;
  }

  /**
   * Whether the database holds every source's whole content: each source still has the fingerprint
   * its last complete read began at (checked once, at the start), or was read whole since.
   */
  get current(): boolean {
    return this.usable && this.verified.size === this.ids.size;
  }

  /** Checks, before a start reads anything, whether the rows of `index` are its whole content still. */
  async verify(index: SourceIndex): Promise<boolean> {
    const now = await index.reader.fingerprint?.().catch(() => undefined);
    let recorded: string | undefined;
    this.guard(() => (recorded = this.writer.completeAs(this.idOf(index))));
    if (now === undefined || now !== recorded) return false;
    this.verified.add(index);
    this.trusted.add(index);
    return true;
  }

  /**
   * The first read's messages are all in. A source verified at the start is checked again: still
   * as recorded, the database holds what the read found and nothing is written; changed meanwhile,
   * everything the store now holds of it is written (unchanged rows cost no page) and swept.
   * Any other source is swept and its fingerprint recorded (`readWhole`).
   */
  async initialReadDone(index: SourceIndex): Promise<void> {
    if (this.trusted.delete(index)) {
      const now = await index.reader.fingerprint?.().catch(() => undefined);
      let recorded: string | undefined;
      this.guard(() => (recorded = this.writer.completeAs(this.idOf(index))));
      if (now !== undefined && now === recorded) {
        this.partsRead.delete(index);
        this.heldWhole.add(index);
        return;
      }
      this.guard(() => this.writer.apply(this.idOf(index), contentsAsChanges(index)));
    }
    // The parts come in the stages after the messages: they are swept when those are in (`partsReadDone`).
    this.sweepRecords(index, undefined);
    this.recordComplete(index);
  }

  /** Whether a full read of the source should read every tool call (see FullReadOptions): not during a first read that found it unchanged. */
  wantsToolCalls(index: SourceIndex): boolean {
    return this.usable && !this.heldWhole.has(index);
  }

  /** The first read's last stage is in: parts of the source it did not produce are gone (unless the read failed). */
  partsReadDone(index: SourceIndex): void {
    // Later full reads (a source read anew) are swept by what they read: they read every call.
    this.heldWhole.delete(index);
    const read = this.partsRead.get(index);
    this.partsRead.delete(index);
    if (read && !index.failure) this.guard(() => this.writer.sweepParts(this.idOf(index), read));
  }

  /**
   * A full read's messages are all in: what the database holds beyond them is removed, and the
   * fingerprint the read began at is recorded (none when the read skipped or failed anything).
   */
  readWhole(index: SourceIndex): void {
    const read = this.partsRead.get(index);
    this.partsRead.delete(index);
    this.sweepRecords(index, index.failure ? undefined : read);
    this.recordComplete(index);
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

  projects(): Pick<Project, 'id' | 'name' | 'worktree'>[] {
    return this.usable ? runSync(this.db, sourceProjects('sqlite', this.sourceIds())) : [];
  }

  sourceIds(): number[] {
    return [...this.ids.values()];
  }

  apply(index: SourceIndex, changes: ChangeSet): void {
    if (changes.complete) this.partsRead.set(index, new Set());
    const read = this.partsRead.get(index);
    if (read) for (const part of changes.parts) read.add(part.id);
    // A trusted read's parts are still written (unchanged rows cost no page): the store keeps the
    // newest messages' parts only, so should the source prove changed, they could not be written later.
    if (this.trusted.has(index)) this.guard(() => this.writer.applyParts(this.idOf(index), changes));
    else this.guard(() => this.writer.apply(this.idOf(index), changes));
  }

  /** After a full read: rows of the source the store no longer holds are removed (parts: those `parts` lacks, when given). */
  private sweepRecords(index: SourceIndex, parts: ReadonlySet<string> | undefined): void {
    this.guard(() =>
      this.writer.sweep(this.idOf(index), {
        projects: new Set(index.projects.keys()),
        sessions: new Set(index.sessions.keys()),
        messageCount: index.messageCount,
        hasMessage: (sessionID, messageID) => index.messagesBySession.get(sessionID)?.has(messageID) === true,
        parts,
      }),
    );
  }

  close(): void {
    this.db.close();
  }

  private idOf(index: SourceIndex): number {
    const id = this.ids.get(index);
    if (id === undefined) throw new Error(`source ${index.reader.kind}:${index.reader.path} is not registered`);
    return id;
  }

  private guard(task: () => void): void {
    if (this.failure !== undefined) return;
    try {
      task();
    } catch (error) {
      this.failure = (error as Error).message.split('\n')[0] ?? String(error);
      console.error(`[sessionscope] session database ${this.db.file ?? '(in memory)'} failed, figures are computed in memory until restart: ${this.failure}`);
    }
  }
}

/** Everything the store holds of a source, as one change set. */
function contentsAsChanges(index: SourceIndex): ChangeSet {
  const changes = emptyChangeSet();
  for (const project of index.projects.values()) changes.projects.push(project);
  for (const session of index.sessions.values()) changes.sessions.push(session);
  for (const messages of index.messagesBySession.values()) for (const message of messages.values()) changes.messages.push(message);
  return changes;
}
