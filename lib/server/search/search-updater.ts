import 'server-only';
import type { MessageInfo } from '@/lib/model/message';
import { messageDocuments, sessionDocuments } from '@/lib/search/session-documents';
import type { SearchProgress } from '@/lib/search/search-types';
import { yieldToRequests } from '../http/request-activity';
import type { Store, StoreChange } from '../store/store';
import type { SearchIndex, SessionWrite } from './search-index';
import { sessionFingerprint } from './session-fingerprint';

/** What has to be done for one session. */
interface Pending {
  /** Re-read and replace everything. */
  all: boolean;
  /** Compare the fingerprint first: re-read everything only if it differs. */
  check: boolean;
  /** The title and todos. */
  own: boolean;
  /** The session record was read again: its title may have changed. */
  title: boolean;
  messages: Set<string>;
}

/** Documents written per transaction (and sessions read between two yields to requests). */
const BATCH_DOCS = 2_000;
const BATCH_SESSIONS = 50;

/**
 * Keeps the search index in step with the store: after the store's first read, sessions whose
 * fingerprint differs from the stored one are read again whole; after that, each change set the
 * store applies re-reads only the messages it wrote. Runs in small batches, off the request path.
 */
export class SearchUpdater {
  readonly progress: SearchProgress = { phase: 'starting', done: 0, total: 0, sessions: 0 };
  private readonly pending = new Map<string, Pending>();
  /** Bumped by every change a session gets: a read that raced a change is not written. */
  private readonly generation = new Map<string, number>();
  private caughtUp = false;
  private announcedAt = 0;
  private running = false;
  private stopped = false;
  private readonly unsubscribe: () => void;
  /** Resolves when nothing is pending (tests and the bench wait on it). */
  private idleWaiters: (() => void)[] = [];

  constructor(
    private index: SearchIndex,
    private readonly store: Store,
    private readonly onError: (error: unknown) => void,
  ) {
    this.unsubscribe = store.onChange((change) => this.note(change));
    this.progress.sessions = index.sessionCount();
  }

  /** Starts the catch-up once the store's first read is done. */
  start(storeStarted: Promise<void>): void {
    storeStarted.then(() => this.catchUp()).catch(this.onError);
  }

  /** A new index (the old one was damaged): everything is compared again. */
  replaceIndex(index: SearchIndex): void {
    this.index = index;
    if (this.caughtUp) this.catchUp();
  }

  stop(): void {
    this.stopped = true;
    this.unsubscribe();
  }

  /** Resolves once every change seen so far is in the index. */
  idle(): Promise<void> {
    if (this.caughtUp && !this.running && this.pending.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private entry(id: string): Pending {
    this.generation.set(id, (this.generation.get(id) ?? 0) + 1);
    let p = this.pending.get(id);
    if (!p) {
      this.pending.set(id, (p = { all: false, check: false, own: false, title: false, messages: new Set() }));
      this.progress.total++;
    }
    return p;
  }

  private note({ changes, touched, live }: StoreChange): void {
    // The stages of the first read are covered by the catch-up's fingerprints.
    if (!live && !this.caughtUp) return;
    if (changes.complete) for (const id of touched) this.entry(id).check = true;
    for (const session of changes.sessions) this.entry(session.id).title = true;
    for (const id of changes.touchedSessions) this.entry(id).own = true;
    for (const message of changes.messages) this.entry(message.sessionID).messages.add(message.id);
    for (const part of changes.parts) {
      const entry = this.entry(part.sessionID);
      entry.messages.add(part.messageID);
      // Todo lists are written by a tool (OpenCode's todowrite, Claude Code's TodoWrite).
      if (part.tool && /todo/i.test(part.tool)) entry.own = true;
    }
    for (const id of changes.removed.sessions) this.entry(id).check = true;
    // Removals are rare (an undone turn, a deleted session): the sessions they hit are read again whole.
    // Every message is in the store, so a removed one names its session; a part may not be (only the newest are).
    if (changes.removed.messages.length > 0) for (const id of touched) this.entry(id).all = true;
    if (changes.removed.parts.length > 0) for (const id of this.guard(() => this.index.sessionsHolding(changes.removed.parts)) ?? []) this.entry(id).all = true;
    this.schedule();
  }

  private catchUp(): void {
    if (this.stopped) return;
    const stored = this.guard(() => this.index.fingerprints());
    if (!stored) return;
    for (const id of this.store.view.ids()) {
      const owner = this.store.view.ownerOf(id);
      const fp = owner && sessionFingerprint(owner, id);
      if (fp === undefined || stored.get(id) !== fp) this.entry(id).all = true;
      stored.delete(id);
    }
    const gone = [...stored.keys()];
    if (gone.length > 0) this.guard(() => this.index.remove({ sessions: gone }));
    this.caughtUp = true;
    this.progress.phase = this.pending.size > 0 ? 'indexing' : 'ready';
    this.schedule();
  }

  private schedule(): void {
    if (this.running || this.stopped || !this.caughtUp) return;
    this.running = true;
    setImmediate(() => {
      this.drain()
        .catch(this.onError)
        .finally(() => {
          this.running = false;
          if (this.pending.size > 0 && !this.stopped) this.schedule();
          else this.settle();
        });
    });
  }

  private settle(): void {
    this.progress.phase = 'ready';
    this.progress.sessions = this.guard(() => this.index.sessionCount()) ?? this.progress.sessions;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  private async drain(): Promise<void> {
    while (this.pending.size > 0 && !this.stopped) {
      if (this.progress.total - this.progress.done > 1) this.progress.phase = 'indexing';
      const writes: SessionWrite[] = [];
      const removed: string[] = [];
      let docs = 0;
      for (const [id, job] of this.pending) {
        if (writes.length >= BATCH_SESSIONS || docs >= BATCH_DOCS) break;
        this.pending.delete(id);
        this.progress.done++;
        const generation = this.generation.get(id);
        const write = await this.read(id, job).catch((error: unknown) => {
          this.onError(error);
          return undefined;
        });
        if (this.generation.get(id) !== generation) continue; // changed while read: pending again
        if (write === 'gone') removed.push(id);
        else if (write) {
          writes.push(write);
          docs += write.docs.length;
        }
      }
      const written = this.guard(() => {
        if (removed.length > 0) this.index.remove({ sessions: removed });
        if (writes.length > 0) this.index.write(writes);
        return true;
      });
      if (!written) {
        // Another dashboard held the file too long (or it was damaged and is being rebuilt): read them again later.
        for (const id of [...removed, ...writes.map((w) => w.session.id)]) this.entry(id).check = true;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      this.progress.sessions = this.guard(() => this.index.sessionCount()) ?? this.progress.sessions;
      if (written && (writes.length > 0 || removed.length > 0)) this.announce();
      await yieldToRequests();
    }
  }

  /** Tells open pages the index changed: at once for a live write, at most every half second while building. */
  private announce(): void {
    const now = Date.now();
    if (this.pending.size > 0 && now - this.announcedAt < 500) return;
    this.announcedAt = now;
    this.store.events.emit([], ['search']);
  }

  /** Reads what a pending entry needs; `gone` for a session no source holds any more. */
  private async read(id: string, job: Pending): Promise<SessionWrite | 'gone' | undefined> {
    const owner = this.store.view.ownerOf(id);
    const session = owner?.sessions.get(id);
    if (!owner || !session) return 'gone';
    const fp = sessionFingerprint(owner, id) ?? '';
    const stored = this.index.stored(id);
    // A session never written whole (or written from a failed read) is read whole.
    let all = job.all || !stored?.fp;
    if (job.check && !all && stored?.fp !== fp) all = true;
    const ownKey = `${session.title}\u0000${session.time.created}`;
    const own = job.own || (job.title && stored?.own !== ownKey);
    if (!all && job.messages.size === 0 && !own) return undefined;
    const messages = new Map<string, MessageInfo>();
    for (const m of owner.messagesOf(id)) if (all || job.messages.has(m.id)) messages.set(m.id, m);
    const wanted = [...job.messages];
    const content = await owner.reader.loadContent(id, all ? { extras: true } : { messageIDs: wanted, extras: own });
    const docs = messageDocuments(messages, content?.parts ?? []);
    if (all || own) docs.push(...sessionDocuments(session, content?.todos ?? []));
    const complete = content !== undefined && content.issues.length === 0;
    return {
      session: { id, source: session.source, projectID: session.projectID, title: session.title, own: ownKey },
      // A partial write happens only to a session written whole before: it stays current.
      fp: complete ? fp : '',
      replace: all ? 'all' : { messages: wanted, own },
      docs,
    };
  }

  /** Runs an index operation; a damaged index is reported (the service rebuilds it), never thrown into the store. */
  private guard<T>(task: () => T): T | undefined {
    try {
      return task();
    } catch (error) {
      this.onError(error);
      return undefined;
    }
  }
}
