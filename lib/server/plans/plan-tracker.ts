import 'server-only';
import path from 'node:path';
import type { PlanView } from '@/lib/plans/plan-work';
import type { ReadIssue } from '../readers/read-result';
import type { FileWatcher } from '../watcher/file-watcher';
import { planWatchTargets } from './boulder-locations';
import { readPlans } from './read-plans';

/**
 * Boulder plans of every project folder the sessions name (and `--project` folders), kept current
 * by the process's file watcher.
 */
export class PlanTracker {
  private plansNow: PlanView[] = [];
  private issuesNow: ReadIssue[] = [];
  private readonly dirs = new Set<string>();
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

  /** Starts following the given folders (ignores ones already followed, `/` and relative paths). */
  track(dirs: Iterable<string>): void {
    const fresh = [...dirs].filter((d) => path.isAbsolute(d) && d !== path.parse(d).root).map((d) => path.resolve(d)).filter((d) => !this.dirs.has(d));
    if (fresh.length === 0) return;
    for (const dir of fresh) this.dirs.add(dir);
    this.watcher.route(planWatchTargets(fresh), () => void this.refresh());
    void this.refresh();
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
