import 'server-only';
import { partMetaOf } from '@/lib/model/part-meta';
import type { Project } from '@/lib/model/project';
import type { SessionSummary } from '@/lib/sessions/session-summary';
import { isLive } from '@/lib/status/session-status';
import { STATUS_RECHECK_INTERVAL_MS } from '@/lib/status/thresholds';
import { emptyChangeSet, isEmptyChangeSet, type ChangeSet, type ContentRequest, type FullReadOptions, type ReadIssue, type SessionContent, type SourceReader, type StepIndexRead } from '../readers/read-result';
import { requestsInFlight, totalsInFlight, yieldToRequests } from '../http/request-activity';
import { buildSummaries, FiguresCache, type SummaryInputs } from './build-summaries';
import { MergedView } from './merged-view';
import { PartCache, type MessageParts, type SessionExtras } from './part-cache';
import { SourceIndex } from './source-index';
import { StepIndexCache, type StepIndex } from './step-index-cache';
import { EventLog } from './store-events';
import { sharedPrices } from '@/lib/pricing/lookup-price';
import type { PriceResolver } from '@/lib/pricing/price-types';
import { indexGate } from './index-gate';
import { releaseMemorySoon } from '../memory/release-memory';
import type { LiveOverlay } from './live-overlay';
import { SessionDbMirror } from './session-db-mirror';
import { SummaryRows } from './summary-rows';
import { rowsAreCurrent, summariesAsValue, summaryBasis, type BasisSource, type PricesBasis } from './summary-basis';
import { BULK_KINDS } from '../search/session-fingerprint';
import { openSqliteSessionDb } from '../db/sqlite/open-sqlite-session-db';
import type { SqliteSessionDb } from '../db/sqlite/sqlite-session-db';

/** Sessions' summaries by id (see Store.summaries). */
export interface SummaryLookup {
  get(id: string): SessionSummary | undefined;
}

export interface StoreOptions {
  /** The session database the store keeps (the runtime's is the cache file). Default: one in memory. */
  sessionDb?: SqliteSessionDb;
}

export interface IndexProgress {
  phase: 'starting' | 'indexing' | 'ready';
  /**
   * Every source's messages are in: token and cost figures are complete (the first read may still be
   * reading the newest parts, for statuses and activity).
   */
  figuresComplete: boolean;
  sourcesDone: number;
  sourcesTotal: number;
  sessions: number;
  messages: number;
  startedAt: number;
  readyAt?: number;
}

/** One change set as the store applied it: derived indexes (search) follow these. */
export interface StoreChange {
  index: SourceIndex;
  changes: ChangeSet;
  /** Sessions the change set named. */
  touched: readonly string[];
  /** A change seen while running (the watcher), not a stage of the first full read. */
  live: boolean;
}

/** The one in-memory model of all sources. Readers feed it; API routes and the event stream read it. */
export class Store {
  readonly indexes: SourceIndex[];
  readonly view: MergedView;
  /** Ids from the start time: an id from an earlier process gets a `resync`, not silence. */
  readonly events = new EventLog(1_000, Date.now());
  readonly progress: IndexProgress;
  private readonly figures: FiguresCache;
  /** models.dev prices; the runtime puts the user's opencode.json prices first (see get-store). */
  prices: PriceResolver = sharedPrices();
  private readonly parts = new PartCache();
  private readonly stepIndexes = new StepIndexCache();
  /** Whether the summaries were built once, or their rows found current at the start (after that, changes only update them). */
  private summariesBuilt = false;
  /**
   * The summary rows were found current at this start (see summary-basis.ts) and are read, not
   * built: the sources found unchanged then (with their data generation), whose first read
   * rebuilds no summary. Until every source's sessions are listed, no summary is answered.
   */
  private rowsRead: Map<SourceIndex, number> | undefined;
  private rowsReadAtStart = false;
  /** While the start's first stages (every source's sessions) are not all in: resolved when they are (see `whenListed`). */
  private listing: { promise: Promise<void>; resolve: () => void } | undefined;
  /** Rows read at the start are yet to be aged and held against the sessions listed (SummaryRows.reconcile). */
  private unreconciled = false;
  /** What each source's summaries were last recorded as built from by this process. */
  private readonly recordedAs = new Map<SourceIndex, string>();
  private recordTimer: NodeJS.Timeout | undefined;
  /** What the prices rest on beside the code (the user's opencode.json files): set with them (see price-from-config). */
  pricesBasis: PricesBasis | undefined;
  private agedAt = 0;
  /** Sessions changed since the summaries were last brought up to date. */
  private readonly pending = new Set<string>();
  /** Sessions whose status can change with time alone (see `isLive`). */
  private readonly ageing = new Set<string>();
  private statusTimer: NodeJS.Timeout | undefined;
  /** What OpenCode's servers say beside the disk (see lib/server/live-opencode), if anything follows them. */
  live: LiveOverlay | undefined;
  private readonly streamed = new Set<string>();
  private streamTimer: NodeJS.Timeout | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly changeListeners = new Set<(change: StoreChange) => void>();
  /** The session database, kept equal to the sources: it holds their messages, and stats are SQL queries on it. */
  readonly sessionDb: SessionDbMirror;
  /** The summaries' rows in it: the session table, projects and statuses are queries on them. */
  private readonly summaryRows: SummaryRows;

  constructor(readers: readonly { reader: SourceReader; priority: number }[], options: StoreOptions = {}) {
    this.indexes = readers.map(({ reader, priority }) => new SourceIndex(reader, priority));
    const db = options.sessionDb ?? openSqliteSessionDb(null);
    if (!db) throw new Error('SQLite (better-sqlite3) cannot load in this Node.js: reinstall Sessionscope (npm rebuild better-sqlite3)');
    this.sessionDb = new SessionDbMirror(db, this.indexes);
    // The cache file failed and a database in memory took its place: every source is read into it again.
    this.sessionDb.onReplaced = () => {
      // Its summary rows too: written whole again with the next summaries.
      this.summaryRows.reset();
      this.summariesBuilt = false;
      this.unreconciled = false;
      this.rowsRead = undefined;
      for (const index of this.indexes) void this.reread(index);
    };
    this.summaryRows = new SummaryRows(this.sessionDb, (id) => {
      const owner = this.view.ownerOf(id);
      return owner && this.sessionDb.sourceIdOf(owner);
    });
    this.view = new MergedView(this.indexes);
    this.figures = new FiguresCache(this.view, () => this.prices);
    this.progress = { phase: 'starting', figuresComplete: false, sourcesDone: 0, sourcesTotal: readers.length, sessions: 0, messages: 0, startedAt: Date.now() };
  }

  /**
   * Whether the session database holds every source's whole content (each as its last complete read
   * left it): a command that answers from the database alone need not read anything.
   */
  async databaseIsCurrent(): Promise<boolean> {
    const db = this.sessionDb;
    return db.usable && (await Promise.all(this.indexes.map((index) => db.verify(index)))).every(Boolean);
  }

  /**
   * Reads every source once; the store answers (with what it has) while this runs. The first
   * stage of every source (projects and sessions: the list) comes before any source's messages;
   * after that, requests under way are let out between stages.
   */
  async start(): Promise<void> {
    this.progress.phase = 'indexing';
    const reads = this.indexes.map((index) => ({ index, stages: stagesOf(index.reader, this.fullReadOptions(index)) }));
    // Sources that changed while a restart read them as unchanged: their messages were not written.
    const readAgain: SourceIndex[] = [];
    await this.serialised(async () => {
      // A restart whose sources are all as their last complete read left them: figures answer from the database now.
      const db = this.sessionDb;
      const verified = await Promise.all(this.indexes.map((index) => db.verify(index)));
      const whole = verified.every(Boolean);
      // From here until every source's sessions are listed, rows read are not answered (nor held against a part of the sessions).
      let resolve = (): void => undefined;
      this.listing = { promise: new Promise<void>((r) => (resolve = r)), resolve: () => resolve() };
      this.readRowsIfCurrent(this.indexes.filter((_, i) => verified[i]));
      if (whole) this.events.emit([], ['index', 'health']);
      // Totals answer from the database already: a request under way is served to its end before the
      // read goes on (a route's first load takes several turns; 100 ms let a restart's first total wait 1.6 s).
      const patience = whole ? 2_000 : 100;
      const counted = new Set<SourceIndex>();
      const messagesIn = async (index: SourceIndex): Promise<void> => {
        // Every message of the source is in (or its read failed): the database is brought to what the read found.
        if (!counted.has(index)) {
          const { readAgain: again, summed } = await this.sessionDb.initialReadDone(index);
          if (again) readAgain.push(index);
          // Their usage was summed only now: their figures (cost, tokens) are built again.
          if (summed.size > 0) this.afterChange(index, emptyChangeSet(), [...summed], ['sessions'], false);
        }
        counted.add(index);
        if (counted.size < this.indexes.length || this.progress.figuresComplete) return;
        this.progress.figuresComplete = true;
        this.events.emit([], ['index', 'health']);
      };
      const take = async (index: SourceIndex, changes: ChangeSet): Promise<void> => {
        if (isEmptyChangeSet(changes)) return;
        // A read that follows on from the database's copy (FullReadOptions.resume) lists parts as increments do.
        if (changes.listedParts.length > 0) await this.retimeAfterParts(index, changes);
        // A complete read after the source's messages were counted (Claude Code's usage pass came first): it is swept and recorded as whole here.
        const touched = this.applyTo(index, changes, { whole: changes.complete === true && counted.has(index), history: true });
        // A source whose rows were found current reads what they were built from: nothing to build again.
        this.afterChange(index, changes, [...touched], ['index', 'sessions', 'projects', 'health'], false, !this.rowsRead?.has(index));
        if (changes.messagesComplete) await messagesIn(index);
      };
      const done = new Set<SourceIndex>();
      // The database holds every figure: totals asked for go out before and between the sources'
      // listings of their sessions (20,000 of them hold the thread ~0.5 s; a restart's first total
      // was computed in 0.4 s, then waited 1.2 s for the listings to let its response out).
      const totalsFirst = (): Promise<unknown> => (whole ? yieldToRequests(patience, totalsInFlight) : new Promise((resolve) => setImmediate(resolve)));
      try {
        await totalsFirst();
        for (const { index, stages } of reads) {
          const first = await stages.next();
          if (first.done) done.add(index);
          else await take(index, first.value);
          // Only what is waiting runs (and totals): a request wants the sessions, so they are not held back for it.
          await totalsFirst();
        }
      } finally {
        this.listing?.resolve();
        this.listing = undefined;
      }
      // Every source's sessions are listed, and the rows read at this start can be answered: a page
      // waiting for them goes out before the messages and parts are read (its request came in during
      // the listing; the stage after it held it 0.3-2 s). Totals requests are not waited for: they
      // need no listing, and a page polling them would hold the read for the whole patience.
      if (this.rowsRead) await yieldToRequests(patience, () => requestsInFlight() - totalsInFlight());
      await indexGate();
      // Every source's messages first (the totals), then what each has left (its newest parts: statuses).
      const rest: typeof reads = [];
      for (const read of reads) {
        const { index, stages } = read;
        let finished = true;
        // Its messages came with its first stage (Claude Code's usage pass): the rest waits until every source's are in.
        if (counted.has(index)) finished = false;
        else if (!done.has(index)) {
          for (let next = await stages.next(); !next.done; next = await stages.next()) {
            await take(index, next.value);
            await yieldToRequests(patience);
            if (next.value.messagesComplete) {
              finished = false;
              break;
            }
          }
        }
        await messagesIn(index);
        if (finished) {
          this.sessionDb.partsReadDone(index);
          this.progress.sourcesDone++;
        } else rest.push(read);
      }
      for (const { index, stages } of rest) {
        for await (const changes of stages) {
          await take(index, changes);
          await yieldToRequests(patience);
        }
        this.sessionDb.partsReadDone(index);
        this.progress.sourcesDone++;
      }
    });
    this.rebuildRowsWritten();
    for (const index of readAgain) await this.reread(index);
    this.progress.phase = 'ready';
    this.progress.readyAt = Date.now();
    this.events.emit([], ['index', 'ready', 'health']);
    // What the first read let go of is given back before the search build's workers start.
    releaseMemorySoon();
    this.recheckStatusesEvery(STATUS_RECHECK_INTERVAL_MS);
  }

  /**
   * Not inline in `start`: a closure made there shares its scope's context, and the timer kept the
   * first read's stages alive for the life of the server (their reader state: at 20,000 sessions
   * ~40 MB of the settled heap).
   */
  private recheckStatusesEvery(ms: number): void {
    this.statusTimer = setInterval(() => this.recheckStatuses(), ms);
    this.statusTimer.unref();
  }

  /**
   * Whether a read of the source's history (the first read, a read anew) leaves its parts to the
   * session database rather than memory: an OpenCode store's, while the database takes its writes.
   * Statuses and context use read them from there, as after a restart. Held, they were trimmed per
   * stage as every tool call of the history passed through (at 20,000 sessions 130 MB of the
   * settled heap, more of the peak, and 3 s of the main thread). Other sources keep theirs: their
   * search fingerprints are made of them (session-fingerprint.ts).
   */
  private partsFromDatabase(index: SourceIndex): boolean {
    return this.sessionDb.usable && BULK_KINDS.has(index.reader.kind);
  }

  /**
   * Absorbs changed files of one source (called by the watcher, debounced). A catch-up read of a
   * folder that just started being watched is not a write seen now (`seenNow` false).
   */
  async absorb(index: SourceIndex, paths: readonly string[], seenNow = true): Promise<void> {
    await this.serialised(async () => {
      const changes = await index.reader.readChanged(paths).catch((error: unknown) => failedRead(index.reader, error));
      await this.retimeAfterParts(index, changes);
      const touched = this.applyTo(index, changes, { paths, live: seenNow, whole: changes.complete });
      const topics: ('sessions' | 'projects' | 'health')[] = ['sessions'];
      if (changes.projects.length > 0 || changes.complete) topics.push('projects');
      if (changes.issues.length > 0 || changes.complete) topics.push('health');
      this.afterChange(index, changes, [...touched], topics, true);
    });
  }

  /**
   * Takes a change set into the source's index and the session database (one transaction). `whole`:
   * it is everything the source holds (not a stage of the first read, whose end is `messagesIn`).
   */
  private applyTo(index: SourceIndex, changes: ChangeSet, options: { paths?: readonly string[]; live?: boolean; whole?: boolean; history?: boolean } = {}): Set<string> {
    // The database first: the index reads the messages from it (the newest, for the parts it keeps).
    const written = this.sessionDb.apply(index, changes);
    const touched = index.apply(changes, options.paths, options.live, written, !(options.history && this.partsFromDatabase(index)));
    // A first read's usage not summed yet is summed here: its sessions' figures are built again.
    if (options.whole) for (const id of this.sessionDb.readWhole(index)) touched.add(id);
    return touched;
  }

  /** Every tool call is read only for the session database, and only while it does not hold the source whole already. */
  private fullReadOptions(index: SourceIndex): FullReadOptions {
    return { toolCalls: () => this.sessionDb.wantsToolCalls(index), held: () => this.sessionDb.heldSource(index), heldFiles: () => this.sessionDb.heldFiles(index), resume: () => this.sessionDb.resumeSource(index), heldAfter: () => this.sessionDb.heldMessagesOf(index) };
  }

  /**
   * Reads one source anew, whole (it appeared, went, or was swapped for another copy: a folder moved
   * away and back leaves nothing an increment could follow). What it no longer holds goes.
   */
  async reread(index: SourceIndex): Promise<void> {
    await this.serialised(async () => {
      const changes = await index.reader.readAll(this.fullReadOptions(index)).catch((error: unknown) => failedRead(index.reader, error));
      const touched = this.applyTo(index, changes, { whole: true, history: true });
      this.afterChange(index, changes, [...touched], ['sessions', 'projects', 'health'], false);
    });
  }

  /**
   * Brings the summaries' rows in the session database up to date: built whole once, then for the
   * sessions each change touched (with their ancestors); statuses that can change with time alone
   * (busy turns stale, waiting turns idle) are re-aged when older than a second, and only those.
   * Memory holds none of them: every read is a query on the rows (`summaries`, `summaryQuery`).
   */
  private bringSummariesUpToDate(): void {
    if (this.holdingRows) return;
    const now = Date.now();
    if (this.unreconciled) {
      // Once, after the listing (off the way of the restart's first totals): the statuses that age with time, and the rows held against the sessions.
      this.unreconciled = false;
      for (const id of this.summaryRows.liveIds()) this.ageing.add(id);
      for (const id of this.summaryRows.reconcile(this.view.ids())) for (const related of this.view.withAncestors(id)) this.pending.add(related);
    }
    if (!this.summariesBuilt) {
      let summaries: Map<string, SessionSummary>;
      try {
        this.figures.primeAll(this.indexes);
        summaries = buildSummaries(this.view, this.figures, now, undefined, this.summaryInputs());
      } finally {
        for (const index of this.indexes) index.unprimeParts();
      }
      this.summariesBuilt = true;
      this.agedAt = now;
      this.pending.clear();
      this.ageing.clear();
      for (const summary of summaries.values()) if (isLive(summary.status.status)) this.ageing.add(summary.id);
      this.keepAgeingFigures();
      this.summaryRows.write(summaries.keys(), summaries, true);
    }
    if (this.pending.size > 0) {
      const ids = new Set(this.pending);
      this.pending.clear();
      this.update(ids, now);
    }
    if (now - this.agedAt > 1_000) this.reage(now);
    this.recordRowsSoon();
  }

  /** Whether this start read the summary rows rather than building them (for tests and benches). */
  get summaryRowsReadAtStart(): boolean {
    return this.rowsReadAtStart;
  }

  /** Rows read at this start wait until every source's sessions are listed (their live statuses are aged then). */
  private get holdingRows(): boolean {
    return this.listing !== undefined && this.rowsRead !== undefined;
  }

  /**
   * Resolves once summaries are answered: at once, or, while a restart that read the rows lists
   * its sessions (under a second), when it has (a session's page asked then is not told it does not exist).
   */
  whenListed(): Promise<void> {
    return this.holdingRows && this.listing ? this.listing.promise : Promise.resolve();
  }

  /** The sources as the summaries' basis names them. */
  private basisSources(): BasisSource[] {
    return this.indexes.map((index) => [`${index.reader.kind}:${index.reader.path}`, index.priority]);
  }

  /**
   * At a start, before anything is read: if every source's summary rows are current (see
   * summary-basis.ts), they are read instead of built. `unchanged`: the sources found as their
   * last complete read left them, whose first read then rebuilds nothing.
   */
  private readRowsIfCurrent(unchanged: readonly SourceIndex[]): void {
    if (this.summariesBuilt || !this.sessionDb.usable || this.indexes.length === 0) return;
    const recorded = this.indexes.map((index) => this.sessionDb.summariesAs(index));
    if (!rowsAreCurrent(this.basisSources(), recorded, this.pricesBasis)) return;
    this.summariesBuilt = true;
    this.rowsReadAtStart = true;
    this.unreconciled = true;
    this.agedAt = 0;
    this.rowsRead = new Map(unchanged.map((index) => [index, this.sessionDb.seenGeneration(index) ?? -1]));
  }

  /**
   * After the start's reads: a source found unchanged whose rows this process changed anyway (its
   * data generation moved) has every session's summary built again.
   */
  private rebuildRowsWritten(): void {
    const read = this.rowsRead;
    if (!read) return;
    for (const [index, generation] of read) {
      if (this.sessionDb.seenGeneration(index) === generation) continue;
      for (const id of index.sessions.keys()) for (const related of this.view.withAncestors(id)) this.pending.add(related);
    }
    this.rowsRead = undefined;
  }

  /** Records the rows as current a little after they were brought up to date (a busy session's writes are recorded once a while, not each). */
  private recordRowsSoon(): void {
    if (this.recordTimer || this.progress.phase !== 'ready') return;
    this.recordTimer = setTimeout(() => {
      this.recordTimer = undefined;
      this.recordRowsCurrent();
    }, 2_000);
    this.recordTimer.unref();
  }

  /**
   * Records, per source, that its summary rows are current at the data generation this process
   * saw last (see summary-basis.ts): only with nothing pending, after the start's read, and while
   * no source's read failed (its rows are part of it).
   */
  private recordRowsCurrent(): void {
    if (!this.summariesBuilt || this.unreconciled || this.pending.size > 0 || this.progress.phase !== 'ready' || !this.sessionDb.usable) return;
    if (this.indexes.some((index) => index.failure)) return;
    const files = this.pricesBasis?.filesRead() ?? [];
    const basis = summaryBasis(this.basisSources(), files);
    for (const index of this.indexes) {
      const generation = this.sessionDb.seenGeneration(index);
      if (generation === undefined) continue;
      const value = summariesAsValue({ basis, generation, files });
      if (this.recordedAs.get(index) === value) continue;
      if (this.sessionDb.recordSummariesAs(index, value)) this.recordedAs.set(index, value);
    }
  }

  private summaryInputs(): SummaryInputs {
    return { firstPrompts: this.firstPrompts, live: this.live, stored: (id) => this.storedSummary(id) };
  }

  /** A session's summary as its row holds it. */
  private storedSummary(id: string): SessionSummary | undefined {
    const owner = this.view.ownerOf(id);
    const source = owner && this.sessionDb.sourceIdOf(owner);
    return source === undefined ? undefined : this.summaryRows.read(source, id);
  }

  /** Sessions' summaries, up to date, each read from its row when first asked for. */
  summaries(): SummaryLookup {
    if (this.holdingRows) return { get: () => undefined };
    this.bringSummariesUpToDate();
    const read = new Map<string, SessionSummary | undefined>();
    return {
      get: (id) => {
        if (!read.has(id)) read.set(id, this.storedSummary(id));
        return read.get(id);
      },
    };
  }

  /**
   * Every session's summary, read from the session database: a whole-history read, for tests and
   * tools that compare all of them (pages use `summaries` and `summaryQuery`).
   */
  summaryMap(): Map<string, SessionSummary> {
    const lookup = this.summaries();
    const out = new Map<string, SessionSummary>();
    for (const id of this.view.ids()) {
      const summary = lookup.get(id);
      if (summary) out.set(id, summary);
    }
    return out;
  }

  /** Re-evaluates the sessions whose status can age, and their ancestors; returns those whose status changed. */
  private reage(now: number): string[] {
    const ageing = new Set<string>();
    for (const id of this.ageing) for (const related of this.view.withAncestors(id)) ageing.add(related);
    this.agedAt = now;
    if (ageing.size === 0) return [];
    const before = new Map([...ageing].map((id) => [id, this.storedSummary(id)?.status.status]));
    const built = this.update(ageing, now);
    return [...ageing].filter((id) => built.get(id)?.status.status !== before.get(id));
  }

  /** Builds the summaries of `ids` anew and writes their rows; returns them. */
  private update(ids: ReadonlySet<string>, now: number): Map<string, SessionSummary> {
    const built = buildSummaries(this.view, this.figures, now, ids, this.summaryInputs());
    for (const id of ids) {
      const status = built.get(id)?.status.status;
      if (status && isLive(status)) this.ageing.add(id);
      else this.ageing.delete(id);
    }
    this.keepAgeingFigures();
    this.summaryRows.write(ids, built);
    return built;
  }

  /**
   * Runs a query on the summaries' rows (see db/queries/session-summaries.ts), brought up to date
   * first (changes taken in, statuses aged); undefined if the session database cannot answer.
   */
  summaryQuery<T>(task: (db: SqliteSessionDb, sourceIds: readonly number[]) => T): T | undefined {
    if (this.holdingRows) return undefined;
    this.bringSummariesUpToDate();
    return this.sessionDb.readWith(task);
  }

  /** Only the figures that re-ageing reads every second stay in memory (see FiguresCache.keepOnly). */
  private keepAgeingFigures(): void {
    const keep = new Set<string>();
    for (const id of this.ageing) for (const related of this.view.withAncestors(id)) keep.add(related);
    this.figures.keepOnly(keep);
  }

  /** The first prompt's words of untitled sessions (see first-prompts.ts), shown instead of a placeholder. */
  private readonly firstPrompts = new Map<string, string>();

  setFirstPrompt(id: string, text: string): void {
    if (this.firstPrompts.get(id) === text) return;
    this.firstPrompts.set(id, text);
    // A row read at the start holds it already.
    if (this.storedSummary(id)?.firstPrompt === text) return;
    this.pending.add(id);
    this.events.emit([id], ['sessions']);
  }

  /** The prices changed: every session's figures are built again, and pages refetch. */
  repriced(): void {
    this.figures.clear();
    this.summariesBuilt = false;
    this.events.emit([], ['sessions']);
  }

  /**
   * The live source changed what it says about some sessions: statuses and approvals rebuild their
   * summaries (and their ancestors'); streamed text only tells open pages, at most every 150 ms.
   */
  liveChanged(ids: readonly string[], kind: 'status' | 'stream'): void {
    const known = ids.filter((id) => this.view.session(id) !== undefined);
    if (known.length === 0) return;
    if (kind === 'stream') {
      for (const id of known) this.streamed.add(id);
      this.streamTimer ??= setTimeout(() => {
        this.streamTimer = undefined;
        const sessions = [...this.streamed];
        this.streamed.clear();
        this.events.emit(sessions, ['stream']);
      }, 150);
      return;
    }
    const affected = new Set<string>();
    for (const id of known) for (const related of this.view.withAncestors(id)) affected.add(related);
    for (const id of affected) this.pending.add(id);
    this.events.emit(affected, ['sessions']);
  }

  projects(): Project[] {
    const byId = new Map<string, Project>();
    const sorted = [...this.indexes].sort((a, b) => a.priority - b.priority);
    for (const index of sorted) for (const project of index.projects.values()) byId.set(project.id, project);
    return [...byId.values()];
  }

  /** Sources whose last read threw: their sessions and figures are missing what it did not get to. */
  failedSources(): { kind: string; path: string; reason: string }[] {
    return this.indexes.flatMap((index) => (index.failure ? [{ kind: index.reader.kind, path: index.reader.path, reason: index.failure.reason }] : []));
  }

  issues(): ReadIssue[] {
    return this.indexes.flatMap((index) => [...index.issues.values()]);
  }

  /** Part bodies of some messages of a session (cached per message until it changes). */
  async messageParts(id: string, messageIDs: readonly string[]): Promise<Map<string, MessageParts>> {
    const owner = this.view.ownerOf(id);
    if (!owner) return new Map();
    return this.parts.parts(id, owner, messageIDs, (request) => this.loadContent(owner, id, request));
  }

  /** Todos and diffs of a session (cached until they change). */
  async extras(id: string): Promise<SessionExtras> {
    const owner = this.view.ownerOf(id);
    if (!owner) return { todos: [], diffs: [], issues: [] };
    return this.parts.extras(id, owner, (request) => this.loadContent(owner, id, request));
  }

  /** A session's content; what it skipped is listed in /api/health too, not only on the page. */
  private async loadContent(owner: SourceIndex, id: string, request: ContentRequest): Promise<SessionContent | undefined> {
    const content = await owner.reader.loadContent(id, request);
    if (content && content.issues.length > 0) owner.noteIssues(content.issues);
    return content;
  }

  /** All part ids and step-finish parts of a session: read once, then kept up to date by changes. */
  async stepIndex(id: string): Promise<StepIndex | undefined> {
    const owner = this.view.ownerOf(id);
    if (!owner) return undefined;
    const reader = owner.reader;
    const fromContent = async (messageIDs: readonly string[], request: ContentRequest): Promise<StepIndexRead | undefined> => {
      const content = await reader.loadContent(id, request);
      if (!content) return undefined;
      const wanted = new Set(messageIDs);
      const parts = content.parts.filter((p) => wanted.has(p.messageID));
      return { messageIDs: [...messageIDs], partIDs: parts.map((p) => p.id), steps: parts.filter((p) => p.type === 'step-finish').map((p) => partMetaOf(p)), issues: content.issues };
    };
    return this.stepIndexes.get(id, owner, {
      all: async () => {
        if (reader.loadStepIndex) return reader.loadStepIndex(id);
        return fromContent([...owner.messagesOf(id)].map((m) => m.id), { extras: false });
      },
      messages: (ids) => fromContent(ids, { messageIDs: ids, extras: false }),
    });
  }

  stop(): void {
    if (this.recordTimer) clearTimeout(this.recordTimer);
    this.recordTimer = undefined;
    this.recordRowsCurrent();
    if (this.statusTimer) clearInterval(this.statusTimer);
    if (this.streamTimer) clearTimeout(this.streamTimer);
    for (const index of this.indexes) index.reader.close();
    this.sessionDb.close();
  }

  /** Calls `listener` with every change set applied (after the store took it in); returns the unsubscribe. */
  onChange(listener: (change: StoreChange) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  private afterChange(index: SourceIndex, changes: ChangeSet, touched: string[], topics: Parameters<EventLog['emit']>[1], live: boolean, rebuild = true): void {
    const affected = new Set<string>(touched);
    const formerParents = this.view.refresh(touched);
    for (const id of [...touched, ...formerParents]) for (const related of this.view.withAncestors(id)) affected.add(related);
    this.figures.invalidate(affected);
    this.forgetContent(index, changes, touched);
    if (rebuild) for (const id of affected) this.pending.add(id);
    this.progress.sessions = this.view.size;
    this.progress.messages = this.indexes.reduce((sum, i) => sum + i.messageCount, 0);
    for (const listener of this.changeListeners) listener({ index, changes, touched, live });
    this.events.emit(affected, topics);
  }

  /** Drops the cached content a change made stale: the messages it wrote to, whole sessions where records went away. */
  private forgetContent(index: SourceIndex, changes: ChangeSet, touched: readonly string[]): void {
    if (changes.complete) {
      this.parts.clear();
      this.stepIndexes.clear();
      return;
    }
    const { removed } = changes;
    if (removed.sessions.length > 0 || removed.messages.length > 0) {
      this.parts.forgetSessions(touched);
      this.stepIndexes.forget(touched);
    }
    const written = new Map<string, Set<string>>();
    for (const part of changes.parts) written.set(part.sessionID, (written.get(part.sessionID) ?? new Set()).add(part.messageID));
    for (const [sessionID, messageIDs] of written) this.parts.forgetMessages(sessionID, messageIDs);
    this.parts.forgetParts(removed.parts);
    // Todos and diffs are small, and not every source says when they change: any change re-reads them.
    for (const id of touched) this.parts.forgetExtras(id);
    this.stepIndexes.noteMessages(index, changes.messages);
    this.stepIndexes.apply(index, changes.parts);
    this.stepIndexes.remove(index, removed.parts);
  }

  /** Parts of a listed session that the store holds (or the change brings) and the list lacks were removed. */
  /**
   * An increment's part lists become removals, and the replies whose output parts it wrote or
   * removed are timed again (before it is written: the database still holds the parts it removes).
   */
  private async retimeAfterParts(index: SourceIndex, changes: ChangeSet): Promise<void> {
    this.resolveListedParts(index, changes);
    // A reply the change removes is not timed again (its parts went with it), nor written back.
    const removed = new Set(changes.removed.messages);
    const removedSessions = new Set(changes.removed.sessions);
    const known = (sessionID: string, messageID: string) => (removed.has(messageID) || removedSessions.has(sessionID) ? undefined : index.messages.of(sessionID).find((m) => m.id === messageID));
    await index.reader.retimeReplies?.(changes, known, this.sessionDb.partsGone(index, changes)).catch((error: unknown) => console.warn(`[sessionscope] ${index.reader.kind}: time to first token not taken again: ${(error as Error).message}`));
  }

  private resolveListedParts(index: SourceIndex, changes: ChangeSet): void {
    for (const { sessionID, partIDs } of changes.listedParts) {
      const listed = new Set(partIDs);
      const held = new Set([...index.partIdsOf(sessionID), ...this.parts.partIdsOf(sessionID, index), ...this.stepIndexes.partIdsOf(sessionID, index)]);
      for (const part of changes.parts) if (part.sessionID === sessionID) held.add(part.id);
      for (const id of held) if (!listed.has(id)) changes.removed.parts.push(id);
    }
  }

  /** Busy turns into stale, waiting into idle, with time alone: tell pages when that happens. */
  private recheckStatuses(): void {
    this.bringSummariesUpToDate();
    const changed = this.reage(Date.now());
    if (changed.length > 0) this.events.emit(changed, ['sessions']);
  }

  private serialised<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }
}

/** A reader's full read, in stages where it offers them; a failure ends it as a listed issue. */
async function* stagesOf(reader: SourceReader, options: FullReadOptions): AsyncGenerator<ChangeSet> {
  try {
    if (reader.readAllStaged) yield* reader.readAllStaged(options);
    else yield await reader.readAll(options);
  } catch (error) {
    yield failedRead(reader, error);
  }
}

/** A reader that throws must not take the store down: its failure becomes a listed issue. */
function failedRead(reader: SourceReader, error: unknown): ChangeSet {
  const changes = emptyChangeSet();
  const reason = `reader failed: ${(error as Error).message}`;
  changes.failed = reason;
  changes.issues.push({ source: reader.kind, path: reader.path, kind: 'io', reason, at: Date.now() });
  return changes;
}
