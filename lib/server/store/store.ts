import 'server-only';
import type { Project } from '@/lib/model/project';
import type { SessionSummary } from '@/lib/sessions/session-summary';
import { STATUS_RECHECK_INTERVAL_MS } from '@/lib/status/thresholds';
import { emptyChangeSet, type ChangeSet, type ReadIssue, type SessionContent, type SourceReader } from '../readers/read-result';
import { buildSummaries, FiguresCache } from './build-summaries';
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
  private summaries: Map<string, SessionSummary> | undefined;
  private summariesAt = 0;
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
        const changes = await index.reader.readAll().catch((error: unknown) => failedRead(index.reader, error));
        index.apply(changes);
        this.afterChange([...index.sessions.keys()], ['index', 'sessions', 'projects', 'health']);
      });
      this.progress.sourcesDone++;
    }
    this.progress.phase = 'ready';
    this.progress.readyAt = Date.now();
    this.events.emit([], ['index', 'health']);
    this.statusTimer = setInterval(() => this.recheckStatuses(), STATUS_RECHECK_INTERVAL_MS);
    this.statusTimer.unref();
  }

  /** Absorbs changed files of one source (called by the watcher, debounced). */
  async absorb(index: SourceIndex, paths: readonly string[]): Promise<void> {
    await this.serialised(async () => {
      const changes = await index.reader.readChanged(paths).catch((error: unknown) => failedRead(index.reader, error));
      const touched = index.apply(changes, paths, true);
      const topics: ('sessions' | 'projects' | 'health')[] = ['sessions'];
      if (changes.projects.length > 0 || changes.complete) topics.push('projects');
      if (changes.issues.length > 0 || changes.complete) topics.push('health');
      this.afterChange([...touched], topics);
    });
  }

  /** Every session's summary; rebuilt after a change, or when statuses may have aged (1 s). */
  summaryMap(): Map<string, SessionSummary> {
    const now = Date.now();
    if (!this.summaries || now - this.summariesAt > 1_000) this.rebuildSummaries(now);
    return this.summaries as Map<string, SessionSummary>;
  }

  private rebuildSummaries(now: number): Map<string, SessionSummary> {
    this.summaries = buildSummaries(this.view, this.figures, now);
    this.summariesAt = now;
    return this.summaries;
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

  async content(id: string): Promise<SessionContent | undefined> {
    const owner = this.view.ownerOf(id);
    return owner?.reader.loadContent(id);
  }

  stop(): void {
    if (this.statusTimer) clearInterval(this.statusTimer);
    for (const index of this.indexes) index.reader.close();
  }

  private afterChange(touched: string[], topics: Parameters<EventLog['emit']>[1]): void {
    const affected = new Set<string>();
    this.view.refresh(touched);
    for (const id of touched) for (const related of this.view.withAncestors(id)) affected.add(related);
    for (const id of touched) if (!this.view.session(id)) affected.add(id);
    this.figures.invalidate(affected);
    this.summaries = undefined;
    this.progress.sessions = this.view.size;
    this.progress.messages = this.indexes.reduce((sum, i) => sum + i.messageCount, 0);
    this.events.emit(affected, topics);
  }

  /** Busy turns into stale, waiting into idle, with time alone: tell pages when that happens. */
  private recheckStatuses(): void {
    const before = this.summaries;
    if (!before) return;
    const after = this.rebuildSummaries(Date.now());
    const changed = [...after.values()].filter((s) => before.get(s.id)?.status.status !== s.status.status).map((s) => s.id);
    if (changed.length > 0) this.events.emit(changed, ['sessions']);
  }

  private serialised<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }
}

/** A reader that throws must not take the store down: its failure becomes a listed issue. */
function failedRead(reader: SourceReader, error: unknown): ChangeSet {
  const changes = emptyChangeSet();
  changes.issues.push({ source: reader.kind, path: reader.path, kind: 'io', reason: `reader failed: ${(error as Error).message}`, at: Date.now() });
  return changes;
}
