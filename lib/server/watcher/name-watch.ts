import 'server-only';
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { watchShallow, type ShallowWatch } from './shallow-watch';

/** A folder of record files watched by name; at depth 2 the folders directly inside it are watched the same way. */
export interface NameTarget {
  folder: string;
  depth: 1 | 2;
}

/**
 * Reports the files of `folder` that are written, added or removed (and, at depth 2, those of the
 * folders directly inside it: OpenCode's `session/<project>/`), by name: one system watch per
 * folder, and nothing listed, stat'ed or watched file by file at start. chokidar stats and watches
 * every file it is given: on 5,000 session files that cost 0.3-0.5 s of the main thread at each
 * start, while the first read needs it. A folder that appears inside reports the files it holds.
 */
export function watchNames(target: NameTarget, onFile: (file: string) => void, onError: (error: unknown) => void, catchUp = false): ShallowWatch {
  const { folder, depth } = target;
  if (depth === 1) return watchShallow(folder, onFile, onError, { files: true, catchUp });
  const inner = new Map<string, ShallowWatch>();
  let closed = false;
  const follow = (dir: string, report: boolean): void => {
    if (closed || inner.has(dir)) return;
    inner.set(dir, watchNames({ folder: dir, depth: 1 }, onFile, onError, report));
  };
  const onEntry = (entry: string): void => {
    void lstat(entry).then(
      (stat) => (stat.isDirectory() ? follow(entry, true) : onFile(entry)),
      () => {
        // Gone: a folder watched is let go (its files reported themselves as they went); a file gone is a change.
        const watch = inner.get(entry);
        if (!watch) return onFile(entry);
        watch.close();
        inner.delete(entry);
      },
    );
  };
  const outer = watchShallow(folder, onEntry, onError, { catchUp });
  // The folders already there are watched quietly; a missing `folder` reports its folders when it appears.
  void readdir(folder, { withFileTypes: true }).then(
    (entries) => entries.filter((e) => e.isDirectory()).forEach((e) => follow(path.join(folder, e.name), catchUp)),
    () => undefined,
  );
  return {
    get mode() {
      return outer.mode === 'polling' || [...inner.values()].some((w) => w.mode === 'polling') ? 'polling' : 'events';
    },
    close() {
      closed = true;
      outer.close();
      for (const watch of inner.values()) watch.close();
      inner.clear();
    },
  };
}
