import 'server-only';
import type { Project } from '@/lib/model/project';
import type { SessionSummary } from '@/lib/sessions/session-summary';
import { isLive } from '@/lib/status/session-status';
import { STATUS_RECHECK_INTERVAL_MS } from '@/lib/status/thresholds';
import { emptyChangeSet, type ChangeSet, type ReadIssue, type SessionContent, type SourceReader } from '../readers/read-result';
import { buildSummaries, FiguresCache, type SummaryState } from './build-summaries';
import { ContentCache } from './content-cache';
import { MergedView } from './merged-view';
import { SourceIndex } from './source-index';
import { EventLog } from './store-events';

export interface IndexProgress {
  phase: 'starting' | 'indexing' | 'ready';
  sourcesDone: number;
  sourcesTotal: number;
  sessions: number;
  messages: number;
  startedAt: number;
  readyAt?: number;
}

/** The one in-memory model of all sources. Readers feed it; API routes and the event stream read it. */
export class Store {
  readonly indexes: SourceIndex[];
  readonly view: MergedView;
  readonly events = new EventLog();
  readonly progress: IndexProgress;
  private readonly figures: FiguresCache;
  private readonly contents = new ContentCache();
  private readonly summaryState: SummaryState = { summaries: new Map(), subtrees: new Map() };
  /** Whether the summaries were built once (after that, changes only update them). */
  private summariesBuilt = false;
  private agedAt = 0;
  /** Sessions changed since the summaries were last brought up to date. */
  private readonly pending = new Set<string>();
  /** Sessions whose status can change with time alone (see `isLive`). */
  private readonly ageing = new Set<string>();
  private statusTimer: NodeJS.Timeout | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readers: readonly { reader: SourceReader; priority: number }[]) {
    this.indexes = readers.map(({ reader, priority }) => new SourceIndex(reader, priority));
    this.view = new MergedView(this.indexes);
    this.figures = new FiguresCache(this.view);
    this.progress = { phase: 'starting', sourcesDone: 0, sourcesTotal: readers.length, sessions: 0, messages: 0, startedAt: Date.now() };
  }

  /** Reads every source once; the store answers (with what it has) while this runs. */
  async start(): Promise<void> {
    this.progress.phase = 'indexing';
    for (const index of this.indexes) {
      await this.serialised(async () => {
        for await (const changes of stagesOf(index.reader)) {
          const touched = index.apply(changes);
          this.afterChange([...touched], ['index', 'sessions', 'projects', 'health']);
          // Let pages be served between stages: the list answers while a big history is read.
          await new Promise((resolve) => setImmediate(resolve));
        }
      });
      this.progress.sourcesDone++;
    }
    this.progress.phase = 'ready';
    this.progress.readyAt = Date.now();
    this.events.emit([], ['index', 'health']);
    this.statusTimer = setInterval(() => this.recheckStatuses(), STATUS_RECHECK_INTERVAL_MS);
    this.statusTimer.unref();
  }

  /**
   * Absorbs changed files of one source (called by the watcher, debounced). A catch-up read of a
   * folder that just started being watched is not a write seen now (`seenNow` false).
   */
  async absorb(index: SourceIndex, paths: readonly string[], seenNow = true): Promise<void> {
    await this.serialised(async () => {
      const changes = await index.reader.readChanged(paths).catch((error: unknown) => failedRead(index.reader, error));
      const touched = index.apply(changes, paths, seenNow);
      const topics: ('sessions' | 'projects' | 'health')[] = ['sessions'];
      if (changes.projects.length > 0 || changes.complete) topics.push('projects');
      if (changes.issues.length > 0 || changes.complete) topics.push('health');
      this.afterChange([...touched], topics);
    });
  }

  /**
   * Every session's summary. Kept up to date by each change for the sessions it touched; statuses
   * that can change with time alone (busy turns stale, waiting turns idle) are re-aged when older
   * than a second, and only those.
   */
  summaryMap(): Map<string, SessionSummary> {
    const now = Date.now();
    const { summaries } = this.summaryState;
    if (!this.summariesBuilt) {
      buildSummaries(this.view, this.figures, now, this.summaryState);
      this.summariesBuilt = true;
      this.agedAt = now;
      this.pending.clear();
      for (const summary of summaries.values()) if (isLive(summary.status.status)) this.ageing.add(summary.id);
    }
    if (this.pending.size > 0) {
      this.update(this.pending, now);
      this.pending.clear();
    }
    if (now - this.agedAt > 1_000) this.reage(now);
    return summaries;
  }

  /** Re-evaluates the sessions whose status can age, and their ancestors; returns those that changed. */
  private reage(now: number): string[] {
    const { summaries } = this.summaryState;
    const ageing = new Set<string>();
    for (const id of this.ageing) for (const related of this.view.withAncestors(id)) ageing.add(related);
    const before = new Map([...ageing].map((id) => [id, summaries.get(id)?.status.status]));
    this.update(ageing, now);
    this.agedAt = now;
    return [...ageing].filter((id) => summaries.get(id)?.status.status !== before.get(id));
  }

  private update(ids: ReadonlySet<string>, now: number): void {
    buildSummaries(this.view, this.figures, now, this.summaryState, ids);
    for (const id of ids) {
      const status = this.summaryState.summaries.get(id)?.status.status;
      if (status && isLive(status)) this.ageing.add(id);
      else this.ageing.delete(id);
    }
  }

  projects(): Project[] {
    const byId = new Map<string, Project>();
    const sorted = [...this.indexes].sort((a, b) => a.priority - b.priority);
    for (const index of sorted) for (const project of index.projects.values()) byId.set(project.id, project);
    return [...byId.values()];
  }

  issues(): ReadIssue[] {
    return this.indexes.flatMap((index) => [...index.issues.values()]);
  }

  /** Part bodies, todos and diffs of one session (cached until the session changes). */
  async content(id: string): Promise<SessionContent | undefined> {
    const owner = this.view.ownerOf(id);
    if (!owner) return undefined;
    return this.contents.get(id, () => owner.reader.loadContent(id));
  }

  stop(): void {
    if (this.statusTimer) clearInterval(this.statusTimer);
    for (const index of this.indexes) index.reader.close();
  }

  private afterChange(touched: string[], topics: Parameters<EventLog['emit']>[1]): void {
    const affected = new Set<string>(touched);
    const formerParents = this.view.refresh(touched);
    for (const id of [...touched, ...formerParents]) for (const related of this.view.withAncestors(id)) affected.add(related);
    this.figures.invalidate(affected);
    this.contents.invalidate(affected);
    for (const id of affected) this.pending.add(id);
    this.progress.sessions = this.view.size;
    this.progress.messages = this.indexes.reduce((sum, i) => sum + i.messageCount, 0);
    this.events.emit(affected, topics);
  }

  /** Busy turns into stale, waiting into idle, with time alone: tell pages when that happens. */
  private recheckStatuses(): void {
    this.summaryMap();
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
async function* stagesOf(reader: SourceReader): AsyncGenerator<ChangeSet> {
  try {
    if (reader.readAllStaged) yield* reader.readAllStaged();
    else yield await reader.readAll();
  } catch (error) {
    yield failedRead(reader, error);
  }
}

/** A reader that throws must not take the store down: its failure becomes a listed issue. */
function failedRead(reader: SourceReader, error: unknown): ChangeSet {
  const changes = emptyChangeSet();
  changes.issues.push({ source: reader.kind, path: reader.path, kind: 'io', reason: `reader failed: ${(error as Error).message}`, at: Date.now() });
  return changes;
}
