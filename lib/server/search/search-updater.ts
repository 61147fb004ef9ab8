import 'server-only';
import { createHash, randomUUID } from 'node:crypto';
import type { PlanView } from '@/lib/plans/plan-work';
import { PLAN_ID_PREFIX } from '@/lib/search/search-links';
import { FactsPacker, type PackedFacts } from '@/lib/search/packed-facts';
import { messageDocuments, messageFacts, planDocument, sessionDocuments, type MessageFacts } from '@/lib/search/session-documents';
import type { SearchProgress } from '@/lib/search/search-types';
import { yieldToRequests } from '../http/request-activity';
import type { Store, StoreChange } from '../store/store';
import type { SessionInfo } from '@/lib/model/session';
import type { SourceIndex } from '../store/source-index';
import { followedLive, releaseLease, renewLease, stopFollowing, takeLease, type Lease } from './build-lease';
import { startBuild, type BuildMode, type RunningBuild } from './build-runner';
import { combinedFingerprint, storePartOf, type BuildJob, type BuildSource } from './index-build';
import { isCorruption } from './search-db';
import { CacheWriteBackoff } from '../fs/cache-write-backoff';
import { releaseMemorySoon } from '../memory/release-memory';
import type { IndexedSession, SearchIndex, SessionWrite } from './search-index';
import { BULK_KINDS, sessionFingerprint } from './session-fingerprint';
import { isTranscriptKind } from './transcript-parts';
import { mapLimit } from '@/lib/server/fs/map-limit';
import { isBusy, retryBusy } from './sqlite-busy';
import { appendAll } from '@/lib/arrays/append-all';

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
  /**
   * In the progress counts (`done`/`total`). A full read's checks are not: most find nothing to do,
   * and counting 5,000 of them showed "3% indexed" whenever OpenCode started or stopped.
   */
  counted: boolean;
}

/** Documents written per transaction (and sessions read between two yields to requests). */
const BATCH_DOCS = 2_000;
const BATCH_SESSIONS = 50;
/** And for at most this long, past it by the reads under way (a whole history read here after a failed build must not hold requests up). */
const BATCH_MS = 50;
/** Sessions read at once within a batch (what is read here: live changes, and what a build that gave up left). */
const READS_AT_ONCE = 4;

/** Sessions compared at the catch-up between two yields to requests (~25 ms of reading their messages). */
const CATCH_UP_CHUNK = 250;
/** Builds started again in a fresh worker after one died, before the sessions are read here instead. */
const BUILD_RETRIES = 2;
/** How often a dashboard waiting for another's build looks at it, and how often the builder says it is alive. */
const LEASE_POLL_MS = 1_000;
const LEASE_BEAT_MS = 2_000;
/** How long a live write waits for another dashboard's write lock (trying again, not blocking) before it is read again later. */
const LIVE_BUSY_MS = 60_000;


export interface UpdaterOptions {
  /** The index file (the build worker opens its own connection to it). */
  file: string;
  build: BuildMode;
  /** The first pause after a failed write (a full disk); each next one doubles. */
  writeBackoffMs?: number;
}

/**
 * Keeps the search index in step with the store: after the store's first read, OpenCode's
 * sessions are compared and read again where they differ by the build worker (off the main
 * thread, straight from the database or tree), and so are the transcript sources' (Claude Code,
 * Codex, Gemini CLI, pi) whose fingerprint differs from the stored one, each from its file. After that, each change set the store applies re-reads
 * only the messages it wrote, here, in small batches, off the request path, and never while the
 * worker writes (one writer).
 */
export class SearchUpdater {
  readonly progress: SearchProgress = { phase: 'starting', done: 0, total: 0, sessions: 0, built: 0, retries: 0 };
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
  /** The build worker's run, while it writes. */
  private build: RunningBuild | undefined;
  private buildDone = 0;
  private buildTotal = 0;
  /** This dashboard's claim on the catch-up (see build-lease.ts), held from the catch-up until it settles. */
  private readonly leaseToken = randomUUID();
  /** A write that failed for any reason but a busy file (a full disk): said once, tried again less and less often. */
  private readonly backoff: CacheWriteBackoff;
  private backoffTimer: NodeJS.Timeout | undefined;
  private leased = false;
  private beat: ReturnType<typeof setInterval> | undefined;
  private waitTimer: ReturnType<typeof setTimeout> | undefined;
  /** The plans to index (the plan tracker's), and whether they changed since written. */
  /**
   * The facts of the messages of sessions the cold build reads for certain (never indexed, or changed),
   * gathered from the messages catchUp reads for their fingerprints: the build's request for facts
   * then reads only the others (at 5,000 sessions the messages read a second time cost 1.4 s of CPU
   * on this thread, before the build could start).
   */
  private gathered: { sessions: Set<string>; facts: [string, MessageFacts][] } | undefined;
  private plans: readonly PlanView[] = [];
  private plansDirty = false;
  /** The store's first read is done: its fingerprints (which need its parts) can be taken. */
  private storeReady = false;
  /** The early build (see startEarly) was begun or ruled out. */
  private earlyTried = false;
  /** The sessions the early build read whole, with their part signatures: written with the store's fingerprints at the catch-up. */
  private earlyParts: Map<string, string | undefined> | undefined;
  /** The catch-up came while a build ran: it runs once the build is over. */
  private catchUpAfterBuild = false;
  /** A catch-up's comparison is under way (compareAll); one asked for meanwhile runs after it. */
  private catchingUp = false;
  private catchUpAgain = false;
  /** Sessions of a build that gave up: read here, never handed to a build worker again. */
  private readonly readHere = new Set<string>();

  constructor(
    private index: SearchIndex,
    private readonly store: Store,
    private readonly onError: (error: unknown) => void,
    private readonly options: UpdaterOptions,
  ) {
    this.backoff = new CacheWriteBackoff('the search index', options.writeBackoffMs);
    this.unsubscribe = store.onChange((change) => this.note(change));
    this.progress.sessions = index.sessionCount();
  }

  /**
   * Starts the build of the sessions the index has never seen as soon as the store holds every
   * message (startEarly), and the catch-up once the store's first read is done.
   */
  start(storeStarted: Promise<void>): void {
    const early = (): void => {
      if (!this.store.progress.figuresComplete || this.earlyTried) return;
      unsubscribe();
      this.startEarly();
    };
    const unsubscribe = this.store.events.subscribe(early);
    early();
    storeStarted
      .then(() => {
        unsubscribe();
        this.storeReady = true;
        this.catchUp();
      })
      .catch(this.onError);
  }

  /** The plans now: their checklists are indexed (written here, between the other writes). */
  setPlans(plans: readonly PlanView[]): void {
    this.plans = plans;
    this.plansDirty = true;
    this.schedule();
  }

  /** A new index (the old one was damaged): everything is compared again. */
  replaceIndex(index: SearchIndex): void {
    this.index = index;
    this.build?.stop();
    this.build = undefined;
    this.earlyParts = undefined;
    this.plansDirty = true;
    if (this.caughtUp) this.catchUp();
  }

  stop(): void {
    this.stopped = true;
    this.gathered = undefined;
    clearTimeout(this.backoffTimer);
    this.build?.stop();
    this.unsubscribe();
    clearTimeout(this.waitTimer);
    try {
      if (this.leased) releaseLease(this.index.db, this.leaseToken);
      stopFollowing(this.index.db, this.leaseToken);
    } catch {
      // Left behind, both end with this process (build-lease.ts).
    }
    this.dropLease();
  }

  /** Resolves once every change seen so far is in the index. */
  idle(): Promise<void> {
    if (this.caughtUp && !this.build && !this.running && this.pending.size === 0 && !this.plansDirty) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** `counted`: the work is shown in the progress counts (see Pending). */
  private entry(id: string, counted = true): Pending {
    this.generation.set(id, (this.generation.get(id) ?? 0) + 1);
    let p = this.pending.get(id);
    if (!p) this.pending.set(id, (p = { all: false, check: false, own: false, title: false, messages: new Set(), counted: false }));
    if (counted && !p.counted) {
      p.counted = true;
      this.progress.total++;
    }
    return p;
  }

  private note({ changes, touched, live }: StoreChange): void {
    // The stages of the first read are covered by the catch-up's fingerprints.
    if (!live && !this.caughtUp) return;
    // A full read (the reader reopened its source: OpenCode started or stopped, the file was
    // replaced) hands over every record again, changed or not: a session is read again only when
    // its fingerprint or title differs from the stored one, not for each message handed over.
    const full = changes.complete === true;
    for (const session of changes.sessions) this.entry(session.id, !full).title = true;
    for (const id of changes.touchedSessions) this.entry(id).own = true;
    if (full) {
      for (const id of touched) this.entry(id, false).check = true;
      this.schedule();
      return;
    }
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

  /**
   * Takes the lease on the catch-up, or, while another dashboard on the same data holds it,
   * shows its progress (search answers with what it has written) and looks again shortly.
   */
  private holdLease(): boolean {
    clearTimeout(this.waitTimer);
    const holder = this.tryLease();
    if (holder === 'free' || holder === 'stale') {
      if (this.progress.waitingFor !== undefined) {
        // The counts shown were the other dashboard's.
        delete this.progress.waitingFor;
        this.progress.done = 0;
        this.progress.total = [...this.pending.values()].filter((p) => p.counted).length;
      }
      this.leased = true;
      this.beat ??= setInterval(() => this.renew(), LEASE_BEAT_MS);
      this.beat.unref?.();
      return true;
    }
    this.progress.phase = 'indexing';
    if (holder !== 'busy') {
      this.progress.waitingFor = holder.pid;
      this.progress.done = holder.done;
      this.progress.total = holder.total;
    }
    this.progress.sessions = this.guard(() => this.index.sessionCount()) ?? this.progress.sessions;
    this.store.events.emit([], ['search']);
    this.waitTimer = setTimeout(() => this.catchUp(), LEASE_POLL_MS);
    return false;
  }

  /** Takes (or renews) the lease if no other dashboard is at work: see holdLease. */
  private tryLease(): Lease | 'free' | 'stale' | 'busy' {
    try {
      return takeLease(this.index.db, this.leaseToken, this.progress);
    } catch (error) {
      if (!isBusy(error)) this.onError(error);
      return 'busy';
    }
  }

  /**
   * The cold build, begun once the store holds every message but before its first read is done:
   * that read goes on for minutes on a large history (every part, for tool calls and statuses),
   * and the build's documents need only the messages' facts. Only sessions the index has never
   * seen are read (nothing to compare them with); their fingerprints, which need the store's
   * parts, are written at the catch-up. A change the store sees meanwhile waits in `pending` as
   * any change during a build does. Not begun while another dashboard holds the lease.
   */
  private startEarly(): void {
    if (this.earlyTried || this.stopped || this.caughtUp || this.build) return;
    this.earlyTried = true;
    const stored = this.guard(() => this.index.fingerprints());
    if (!stored) return;
    const job: BuildJob = { indexFile: this.options.file, lease: this.leaseToken, sources: [], sessions: [], early: true };
    const sources = new Map<SourceIndex, number>();
    for (const id of this.store.view.ids()) {
      if (stored.has(id)) continue;
      const owner = this.store.view.ownerOf(id);
      const session = owner?.sessions.get(id);
      if (!owner || !session || !BULK_KINDS.has(owner.reader.kind)) continue;
      let source = sources.get(owner);
      if (source === undefined) {
        sources.set(owner, (source = job.sources.length));
        job.sources.push({ kind: owner.reader.kind as BuildSource['kind'], path: owner.reader.path });
      }
      job.sessions.push({ session: indexedSession(session), created: session.time.created, fp: '', source });
    }
    if (job.sessions.length === 0) return;
    const holder = this.tryLease();
    if (holder !== 'free' && holder !== 'stale') return;
    this.leased = true;
    this.beat ??= setInterval(() => this.renew(), LEASE_BEAT_MS);
    this.beat.unref?.();
    this.progress.phase = 'indexing';
    this.startBuild(job, 0);
  }

  private renew(): void {
    // The build renews it with its own transactions (index-build.ts): no wait here for its write lock.
    if (this.build) return;
    try {
      if (!renewLease(this.index.db, this.leaseToken, this.progress)) takeLease(this.index.db, this.leaseToken, this.progress);
    } catch (error) {
      // Busy: the other dashboard's write; the lease is renewed at the next beat (it lasts LEASE_STALE_MS).
      if (!isBusy(error)) this.onError(error);
    }
  }

  private dropLease(): void {
    this.leased = false;
    clearInterval(this.beat);
    this.beat = undefined;
  }

  /** Gives the lease back once caught up: a dashboard waiting for it finds the fingerprints stored. */
  private releaseLease(): void {
    if (!this.leased) return;
    this.dropLease();
    const index = this.index;
    retryBusy(() => releaseLease(index.db, this.leaseToken), LIVE_BUSY_MS).catch((error: unknown) => {
      // The lease ends by itself (LEASE_STALE_MS); a closed index needs nothing.
      if (index === this.index && !this.stopped) this.onError(error);
    });
  }

  private catchUp(): void {
    if (this.stopped || !this.storeReady) return;
    if (this.catchingUp) {
      this.catchUpAgain = true;
      return;
    }
    if (this.build) {
      this.catchUpAfterBuild = true;
      return;
    }
    if (!this.holdLease()) return;
    const stored = this.guard(() => this.index.fingerprints());
    if (!stored) return;
    const early = this.earlyParts;
    this.earlyParts = undefined;
    // A dashboard (maybe this one) that caught up before is still running: what it wrote live since is current.
    const afterCatchUp = this.guard(() => followedLive(this.index.db)) ?? false;
    const job: BuildJob = { indexFile: this.options.file, lease: this.leaseToken, afterCatchUp, sources: [], sessions: [] };
    this.catchingUp = true;
    this.compareAll(stored, early, job)
      .catch((error: unknown) => this.onError(error))
      .finally(() => {
        this.catchingUp = false;
        if (this.catchUpAgain && !this.stopped) {
          this.catchUpAgain = false;
          this.catchUp();
        }
      });
  }

  /**
   * The catch-up's comparison of every session's fingerprint with the index's, then the build of
   * those that differ. Every session's messages are read for it (at 20,000 sessions ~2 s of the
   * main thread): requests are let out every CATCH_UP_CHUNK sessions, so a restart's first pages
   * are not held behind it. Changes meanwhile are noted as any live change.
   */
  private async compareAll(stored: Map<string, string>, early: Map<string, string | undefined> | undefined, job: BuildJob): Promise<void> {
    const index = this.index;
    const finished = new Map<string, string>();
    const sources = new Map<SourceIndex, number>();
    const gathered: NonNullable<typeof this.gathered> = { sessions: new Set(), facts: [] };
    let compared = 0;
    for (const id of [...this.store.view.ids()]) {
      if (++compared % CATCH_UP_CHUNK === 0) {
        await yieldToRequests();
        if (this.stopped) return;
        // A new index (the old one was damaged) is compared from the start.
        if (index !== this.index) {
          this.catchUpAgain = true;
          return;
        }
      }
      const owner = this.store.view.ownerOf(id);
      const session = owner?.sessions.get(id);
      const messages = owner ? [...owner.messagesOf(id)] : [];
      const fp = owner && sessionFingerprint(owner, id, messages);
      const bulk = owner !== undefined && BULK_KINDS.has(owner.reader.kind);
      // Transcripts are read by the build too, each from its file (transcript-parts.ts).
      const file = owner && isTranscriptKind(owner.reader.kind) ? owner.reader.sessionFile?.(id) : undefined;
      if (fp !== undefined && early?.has(id)) {
        // Read whole by the early build: its fingerprint now that the store has its parts.
        finished.set(id, combinedFingerprint(fp, early.get(id)));
      } else if (owner && session && fp !== undefined && !this.readHere.has(id) && (bulk || file !== undefined)) {
        const was = stored.get(id);
        const changed = was === undefined || storePartOf(was) !== fp;
        if (changed) {
          gathered.sessions.add(id);
          for (const m of messages) gathered.facts.push([m.id, messageFacts(m)]);
        }
        // A transcript's fingerprint is the store's alone: an unchanged one is not handed over (the build compares a bulk source's with the source's own signature).
        if (bulk || changed) {
          let source = sources.get(owner);
          if (source === undefined) {
            sources.set(owner, (source = job.sources.length));
            job.sources.push({ kind: owner.reader.kind as BuildSource['kind'], path: owner.reader.path });
          }
          job.sessions.push({ session: indexedSession(session), created: session.time.created, fp, source, ...(file !== undefined ? { file } : {}), ...(file !== undefined && session.parentID ? { parentID: session.parentID } : {}) });
        }
      } else if (fp === undefined || stored.get(id) !== fp) this.entry(id).all = true;
      stored.delete(id);
    }
    const gone = [...stored.keys()].filter((id) => !id.startsWith(PLAN_ID_PREFIX));
    if (gone.length > 0) this.guard(() => this.index.remove({ sessions: gone }));
    // Not written (a busy or damaged file): those sessions are read again at the next start.
    if (finished.size > 0) this.guard(() => this.index.finishBuild(finished));
    this.caughtUp = true;
    this.progress.phase = this.pending.size > 0 || job.sessions.length > 0 ? 'indexing' : 'ready';
    this.gathered = job.sessions.length > 0 && gathered.sessions.size > 0 ? gathered : undefined;
    if (job.sessions.length > 0) this.startBuild(job, 0);
    this.schedule();
    // Every session's messages were read for their fingerprints (~150 MB of garbage at 20,000
    // sessions): given back now, not when V8 notices the quiet ~30 s later (a restart's RSS then was
    // 330 MB against 175 MB once collected), and before a build's workers start.
    releaseMemorySoon();
  }

  /**
   * Runs the build worker over the job; what changes meanwhile waits in `pending` until it is done.
   * A worker that dies is replaced (what it wrote stays; its sessions without a fingerprint are
   * read again) at most BUILD_RETRIES times; then its sessions are read here, and health says so.
   */
  private startBuild(job: BuildJob, attempt: number): void {
    this.buildDone = 0;
    this.buildTotal = 0;
    let counted = false;
    let retry = false;
    const build = startBuild(
      job,
      {
        facts: async (ids) => this.factsOf(ids),
        progress: (done, total) => {
          if (this.build !== build) return;
          if (!counted) {
            counted = true;
            this.buildTotal = total;
            this.progress.total += total;
          }
          this.progress.done += done - this.buildDone;
          this.buildDone = done;
          this.announce();
        },
      },
      this.options.build,
      attempt,
    );
    this.build = build;
    build.result
      .then(
        (result) => {
          this.progress.built = (this.progress.built ?? 0) + result.built;
          if (result.partSignatures) this.earlyParts = new Map(result.partSignatures);
          for (const id of result.skipped) this.entry(id).all = true;
        },
        (error: unknown) => {
          if (this.build !== build || this.stopped) return;
          const reason = (error as Error)?.message ?? String(error);
          if (!isCorruption(error) && attempt < BUILD_RETRIES) {
            console.warn(`[sessionscope] search index build failed (${reason}): starting it again in a fresh worker`);
            this.progress.retries = (this.progress.retries ?? 0) + 1;
            retry = true;
            return;
          }
          // Counted again as sessions to read here (or by the build over a new index).
          this.progress.done -= this.buildDone;
          this.progress.total -= this.buildTotal;
          this.onError(error);
          if (!isCorruption(error)) this.progress.failure = reason;
          // Read here what the worker could not (a damaged index is rebuilt by the service, which calls replaceIndex).
          if (this.build === build) {
            for (const s of job.sessions) {
              this.entry(s.session.id).check = true;
              this.readHere.add(s.session.id);
            }
          }
        },
      )
      .finally(() => {
        if (this.build !== build) return;
        if (retry) {
          // Its counts start again with the fresh worker's.
          this.progress.done -= this.buildDone;
          this.progress.total -= this.buildTotal;
          this.startBuild(job, attempt + 1);
          return;
        }
        this.build = undefined;
        this.progress.sessions = this.guard(() => this.index.sessionCount()) ?? this.progress.sessions;
        this.store.events.emit([], ['search']);
        if (this.catchUpAfterBuild) {
          this.catchUpAfterBuild = false;
          this.catchUp();
        }
        // What waited for the build: changes, and the plans (set at start, before any build).
        this.schedule();
      });
  }

  /** The facts of these sessions' messages: those catchUp gathered (the first request only), the others read now. */
  private factsOf(ids: readonly string[]): PackedFacts {
    const gathered = this.gathered;
    this.gathered = undefined;
    const wanted = new Set(ids);
    // Packed as they are read: each session's messages are let go before the next is read.
    const packer = new FactsPacker();
    if (gathered) for (const [id, f] of gathered.facts) if (wanted.has(f.sessionID)) packer.add(id, f);
    for (const id of ids) {
      if (gathered?.sessions.has(id)) continue;
      for (const m of this.store.view.ownerOf(id)?.messagesOf(id) ?? []) packer.add(m.id, messageFacts(m));
    }
    return packer.packed();
  }

  private schedule(): void {
    if (this.running || this.stopped || !this.caughtUp || this.build) return;
    if (this.pending.size === 0 && !this.plansDirty) {
      this.settle();
      return;
    }
    // After a failed write, nothing runs before its pause is over (a full disk costs no CPU).
    if (this.backoff.waiting()) {
      if (!this.backoffTimer) {
        this.backoffTimer = setTimeout(() => {
          this.backoffTimer = undefined;
          this.schedule();
        }, this.backoff.remainingMs());
        this.backoffTimer.unref();
      }
      return;
    }
    this.running = true;
    setImmediate(() => {
      this.drain()
        .catch(this.onError)
        .finally(() => {
          this.running = false;
          if ((this.pending.size > 0 || this.plansDirty) && !this.stopped) this.schedule();
          else if (!this.build) this.settle();
        });
    });
  }

  private settle(): void {
    this.releaseLease();
    this.progress.phase = 'ready';
    this.progress.sessions = this.guard(() => this.index.sessionCount()) ?? this.progress.sessions;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  private async drain(): Promise<void> {
    if (this.plansDirty) await this.writePlans();
    while (this.pending.size > 0 && !this.stopped) {
      if (this.progress.total - this.progress.done > 1) this.progress.phase = 'indexing';
      const writes: SessionWrite[] = [];
      const removed: string[] = [];
      let docs = 0;
      const started = performance.now();
      // By time too when nothing is written: after a full read every session is checked, and most need nothing.
      while (this.pending.size > 0 && writes.length < BATCH_SESSIONS && docs < BATCH_DOCS && performance.now() - started <= BATCH_MS) {
        const taken: { id: string; job: Pending; generation: number | undefined }[] = [];
        for (const [id, job] of this.pending) {
          if (taken.length >= READS_AT_ONCE) break;
          this.pending.delete(id);
          if (job.counted) this.progress.done++;
          taken.push({ id, job, generation: this.generation.get(id) });
        }
        // A few sessions read at once: one's file is read while another's is parsed.
        const read = await mapLimit(taken, READS_AT_ONCE, ({ id, job }) =>
          this.read(id, job).catch((error: unknown) => {
            this.onError(error);
            return undefined;
          }),
        );
        for (const [i, { id, generation }] of taken.entries()) {
          if (this.generation.get(id) !== generation) continue; // changed while read: pending again
          const write = read[i];
          if (write === 'gone') removed.push(id);
          else if (write) {
            writes.push(write);
            docs += write.docs.length;
          }
        }
      }
      const written = await this.write(() => {
        if (removed.length > 0) this.index.remove({ sessions: removed });
        if (writes.length > 0) this.index.write(writes);
      });
      if (!written) {
        // Another dashboard held the file too long, it was damaged and is being rebuilt, or the disk
        // is full: read them again later, not counted again (the progress does not grow with tries).
        for (const id of [...removed, ...writes.map((w) => w.session.id)]) this.entry(id, false).check = true;
        await this.pause(Math.max(500, this.backoff.remainingMs()));
      }
      this.progress.sessions = this.guard(() => this.index.sessionCount()) ?? this.progress.sessions;
      if (written && (writes.length > 0 || removed.length > 0)) this.announce();
      await yieldToRequests();
    }
  }

  /**
   * Runs a write transaction; while another dashboard holds the write lock it is tried again
   * (the event loop free meanwhile) rather than failed. False if it could not be written.
   */
  private async write(task: () => void): Promise<boolean> {
    const index = this.index;
    if (this.backoff.waiting()) return false;
    try {
      await retryBusy(task, LIVE_BUSY_MS);
      this.backoff.succeeded();
      return true;
    } catch (error) {
      if (index !== this.index) return false;
      // Damaged: the service rebuilds it. Anything else but a busy file is said once and tried less often.
      if (isCorruption(error)) this.onError(error);
      else if (!isBusy(error)) this.backoff.failed(error);
      return false;
    }
  }

  /** Waits `ms`, or less if the updater stops. */
  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref?.();
      if (this.stopped) {
        clearTimeout(timer);
        resolve();
      }
    });
  }

  /** Writes the plans whose checklist changed, forgets those gone. */
  private async writePlans(): Promise<void> {
    this.plansDirty = false;
    const stored = this.guard(() => this.index.ownByPrefix(PLAN_ID_PREFIX));
    if (!stored) return;
    const writes: SessionWrite[] = [];
    for (const plan of this.plans) {
      const doc = planDocument(plan);
      if (!doc) continue;
      const own = createHash('sha1').update(`${doc.time}\u0000${doc.body}`).digest('base64url');
      if (stored.get(doc.sessionID) !== own) {
        writes.push({ session: { id: doc.sessionID, source: 'opencode-sqlite', projectID: plan.projectDir, title: plan.planName, own }, fp: own, replace: 'all', docs: [doc] });
      }
      stored.delete(doc.sessionID);
    }
    const written = await this.write(() => {
      if (stored.size > 0) this.index.remove({ sessions: [...stored.keys()] });
      if (writes.length > 0) this.index.write(writes);
    });
    if (!written) this.plansDirty = true;
    else if (writes.length > 0 || stored.size > 0) this.announce();
  }

  /** Tells open pages the index changed: at once for a live write, at most every half second while building. */
  private announce(): void {
    const now = Date.now();
    if ((this.pending.size > 0 || this.build) && now - this.announcedAt < 500) return;
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
    // A stored fingerprint may carry the build's part signature after the store's own (`|...`).
    if (job.check && !all && storePartOf(stored?.fp ?? '') !== fp) all = true;
    const own = job.own || (job.title && stored?.own !== ownKeyOf(session));
    if (!all && job.messages.size === 0 && !own) return undefined;
    const messages = new Map<string, MessageFacts>();
    for (const m of owner.messagesOf(id)) if (all || job.messages.has(m.id)) messages.set(m.id, messageFacts(m));
    const wanted = [...job.messages];
    const content = await owner.reader.loadContent(id, all ? { extras: true } : { messageIDs: wanted, extras: own });
    const docs = messageDocuments(messages, content?.parts ?? []);
    if (all || own) appendAll(docs, sessionDocuments(session, content?.todos ?? []));
    const complete = content !== undefined && content.issues.length === 0;
    return {
      session: indexedSession(session),
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

/** What a session's own documents (title, todos) were made from. */
function ownKeyOf(session: SessionInfo): string {
  return `${session.title}\u0000${session.time.created}`;
}

function indexedSession(session: SessionInfo): IndexedSession {
  return { id: session.id, source: session.source, projectID: session.projectID, title: session.title, own: ownKeyOf(session) };
}
