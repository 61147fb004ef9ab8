import 'server-only';
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { watchShallow, type ShallowWatch } from './shallow-watch';

/** A folder of record files watched by name, and the folders inside it down to `depth` levels (1: its own files only). */
export interface NameTarget {
  folder: string;
  depth: number;
}

/**
 * Reports the files of `folder` that are written, added or removed, and those of the folders
 * inside it down to `depth` levels (OpenCode's `session/<project>/`, Claude Code's
 * `<project>/<session>/subagents/`), by name: one system watch per folder, and nothing stat'ed or
 * watched file by file at start. chokidar stats and watches every file it is given: on 5,000
 * session files that cost 0.3-0.5 s of the main thread at each start, while the first read needs
 * it, and one system watch each. A folder that appears or goes is reported itself, and one that
 * appears reports the files it holds.
 */
export function watchNames(target: NameTarget, onFile: (file: string) => void, onError: (error: unknown) => void, catchUp = false): ShallowWatch {
  const { folder, depth } = target;
  if (depth <= 1) return watchShallow(folder, onFile, onError, { files: true, catchUp });
  const inner = new Map<string, ShallowWatch>();
  let closed = false;
  const follow = (dir: string, report: boolean): void => {
    if (closed || inner.has(dir)) return;
    inner.set(dir, watchNames({ folder: dir, depth: depth - 1 }, onFile, onError, report));
  };
  const onEntry = (entry: string): void => {
    void lstat(entry).then(
      (stat) => {
        if (!stat.isDirectory()) return onFile(entry);
        if (inner.has(entry)) return;
        follow(entry, true);
        onFile(entry);
      },
      () => {
        // Gone: a folder watched is let go; either way the reader is told.
        inner.get(entry)?.close();
        inner.delete(entry);
        onFile(entry);
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
