import 'server-only';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** How long a folder that just appeared is watched closely before its session is known to be live. */
export const ARRIVAL_GRACE_MS = 60_000;

export interface LiveFolderActions {
  /** Start watching these folders (they exist). */
  watch(folders: string[]): void;
  unwatch(folders: string[]): void;
  /** Read what a folder that just started being watched already holds. */
  catchUp(folder: string): void;
}

/**
 * The folders one route watches closely: those its source asks for (the live sessions' folders)
 * and those that just appeared (a message being written right now, before any of its records says
 * which session it belongs to). Folders are watched once they exist; dropped ones are let go.
 */
export class LiveFolders {
  private wanted = new Set<string>();
  private readonly arrivals = new Map<string, number>();
  private readonly watched = new Set<string>();
  private current = new Set<string>();

  constructor(private readonly actions: LiveFolderActions) {}

  setWanted(folders: readonly string[], now = Date.now()): void {
    this.wanted = new Set(folders.map((f) => path.resolve(f)));
    this.sync(now);
  }

  /** A folder appeared in a shallowly watched parent. */
  arrived(folder: string, now = Date.now()): void {
    if (!this.wanted.has(folder)) this.arrivals.set(folder, now + ARRIVAL_GRACE_MS);
    this.sync(now);
  }

  private sync(now: number): void {
    for (const [folder, until] of this.arrivals) if (until < now) this.arrivals.delete(folder);
    const next = new Set([...this.wanted, ...this.arrivals.keys()]);
    const dropped = [...this.current].filter((f) => !next.has(f));
    this.current = next;
    const unwatch = dropped.filter((f) => this.watched.delete(f));
    if (unwatch.length > 0) this.actions.unwatch(unwatch);
    // A folder that does not exist yet is reported by its parent's shallow watch when it appears.
    const present = [...next].filter((f) => !this.watched.has(f) && existsSync(f));
    if (present.length === 0) return;
    for (const folder of present) this.watched.add(folder);
    this.actions.watch(present);
    for (const folder of present) this.actions.catchUp(folder);
  }
}
