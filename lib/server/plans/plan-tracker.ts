import 'server-only';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PlanView } from '@/lib/plans/plan-work';
import type { ReadIssue } from '../readers/read-result';
import type { FileWatcher } from '../watcher/file-watcher';
import { planWatchTargets } from './boulder-locations';
import { readPlans } from './read-plans';

/** How often project folders that were missing are looked for again. */
export const MISSING_RECHECK_MS = 60_000;

/**
 * Boulder plans of every project folder the sessions name (and `--project` folders), kept current
 * by the process's file watcher. A folder that does not exist (a deleted checkout, an agent's
 * scratch folder under /tmp) is searched but not watched: watching it from the nearest folder that
 * exists made chokidar stat every entry of /tmp at each change in it, and under a loaded test run
 * that backlog held the dashboard's own file reads for minutes. It is watched once it is found,
 * looked for when a session names it again and every minute.
 */
export class PlanTracker {
  private plansNow: PlanView[] = [];
  private issuesNow: ReadIssue[] = [];
  private readonly dirs = new Set<string>();
  private readonly unwatched = new Set<string>();
  private recheck: NodeJS.Timeout | undefined;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly watcher: FileWatcher,
    private readonly onChange: () => void,
  ) {}

  get plans(): readonly PlanView[] {
    return this.plansNow;
  }

  get issues(): readonly ReadIssue[] {
    return this.issuesNow;
  }

  /** Project folders followed, in the order they were found. */
  get projectDirs(): readonly string[] {
    return [...this.dirs];
  }

  /** Starts following the given folders (ignores ones already followed, `/` and relative paths); watches those that exist. */
  track(dirs: Iterable<string>): void {
    const named = [...dirs].filter((d) => path.isAbsolute(d) && d !== path.parse(d).root).map((d) => path.resolve(d));
    const fresh = named.filter((d) => !this.dirs.has(d));
    for (const dir of fresh) this.dirs.add(dir);
    const found: string[] = [];
    for (const dir of new Set(named.filter((d) => fresh.includes(d) || this.unwatched.has(d)))) {
      if (existsSync(dir)) {
        this.unwatched.delete(dir);
        found.push(dir);
      } else this.unwatched.add(dir);
    }
    this.lookAgainLater();
    if (found.length > 0) this.watcher.route(planWatchTargets(found), () => void this.refresh(), { near: true });
    if (fresh.length > 0 || found.length > 0) void this.refresh();
  }

  private lookAgainLater(): void {
    if (this.unwatched.size === 0) {
      clearInterval(this.recheck);
      this.recheck = undefined;
    } else if (!this.recheck) {
      this.recheck = setInterval(() => this.track([...this.unwatched]), MISSING_RECHECK_MS);
      this.recheck.unref();
    }
  }

  refresh(): Promise<void> {
    this.queue = this.queue.then(async () => {
      const read = await readPlans([...this.dirs]);
      const changed = JSON.stringify(read.plans) !== JSON.stringify(this.plansNow) || read.issues.length !== this.issuesNow.length;
      this.plansNow = read.plans;
      this.issuesNow = read.issues;
      if (changed) this.onChange();
    }).catch((error: unknown) => console.error('[sessionscope] reading plans failed:', error));
    return this.queue;
  }
}
