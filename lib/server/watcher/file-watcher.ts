import 'server-only';
import { watch, type FSWatcher } from 'chokidar';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { debouncePaths } from './debounce-paths';
import { LiveFolders } from './live-folders';
import { watchNames, type NameTarget } from './name-watch';
import { watchShallow, type ShallowWatch } from './shallow-watch';
import { isIgnoredName, watchScope } from './watch-scope';

export interface RouteOptions {
  /** Folders with very many children: only entries appearing directly in them are reported. */
  shallow?: readonly string[];
  /** Folders of record files watched by name only (name-watch.ts): no file is stat'ed or watched on its own. */
  byName?: readonly NameTarget[];
  /** Receives the paths of live targets that were just added, to read what they already hold. */
  onCatchUp?: (paths: string[]) => void;
  /**
   * The targets are watched from themselves, never from a folder further up (see watchScope); their
   * folders by names only, so that a target that appears is watched and one that goes is reported.
   */
  near?: boolean;
}

export interface WatchRoute {
  /**
   * Folders watched closely for now (those of the sessions being written), in addition to the
   * route's targets and to folders that just appeared in a shallow folder. Newly listed ones are
   * watched and reported to `onCatchUp`; dropped ones are no longer watched.
   */
  setLive(targets: readonly string[]): void;
}

export interface FileWatcher {
  /** Watches `targets` (files or folders, existing or not yet); changed paths reach `onChange`, debounced. */
  route(targets: readonly string[], onChange: (paths: string[]) => void, options?: RouteOptions): WatchRoute;
  /** `events` normally; `polling` after the system ran out of file watches (shown in /api/health). */
  readonly mode: 'events' | 'polling';
  readonly lastError: string | undefined;
  /**
   * Watches every route's folders anew: a folder that was removed (or moved away) and came back
   * is a new folder the old watch never sees.
   */
  refresh?(): void;
  close(): Promise<void>;
}

/** Polling interval when the system has no file watches left (inotify limits reached). */
const POLL_INTERVAL_MS = 500;
const OUT_OF_WATCHES = new Set(['ENOSPC', 'EMFILE']);

interface Route {
  targets: string[];
  near: boolean;
  queue: ReturnType<typeof debouncePaths>;
}

/**
 * The one chokidar watcher of the process. Routes can be added while it runs (plan files of a
 * project that just appeared). Only targets, what is inside them and the folders leading to them
 * are watched.
 */
export function createFileWatcher(onError: (error: unknown) => void): FileWatcher {
  const routes: Route[] = [];
  const shallowWatches: ShallowWatch[] = [];
  const liveWatchSets: Map<string, ShallowWatch>[] = [];
  let scope = watchScope([]);
  let mode: FileWatcher['mode'] = 'events';
  let lastError: string | undefined;
  const dispatch = (file: string): void => {
    const resolved = path.resolve(file);
    for (const route of routes) {
      const inside = (target: string): boolean => resolved === target || resolved.startsWith(target + path.sep);
      if (route.targets.some(inside)) route.queue.add(resolved);
    }
  };
  const rescope = (): void => {
    scope = watchScope(
      routes.filter((r) => !r.near).flatMap((r) => r.targets),
      routes.filter((r) => r.near).flatMap((r) => r.targets),
    );
  };
  const start = (usePolling: boolean): FSWatcher => {
    const w = watch(scope.roots, { ignoreInitial: true, usePolling, interval: POLL_INTERVAL_MS, ignored: (file: string) => !scope.allowed(file) });
    w.on('add', dispatch).on('change', dispatch).on('unlink', dispatch).on('addDir', dispatch).on('unlinkDir', dispatch);
    w.on('error', (error: unknown) => {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      lastError = `${code || 'error'}: ${(error as Error).message}`;
      onError(error);
      // Out of inotify watches: keep the dashboard live by polling rather than going quiet.
      if (mode === 'events' && OUT_OF_WATCHES.has(code)) {
        mode = 'polling';
        void w.close();
        watcher = start(true);
      }
    });
    return w;
  };
  let watcher: FSWatcher = start(false);
  return {
    get mode() {
      const shallow = [...shallowWatches, ...liveWatchSets.flatMap((set) => [...set.values()])];
      return mode === 'polling' || shallow.some((w) => w.mode === 'polling') ? 'polling' : 'events';
    },
    get lastError() {
      return lastError;
    },
    route(targets, onChange, options = {}) {
      const catchUp = debouncePaths((paths) => options.onCatchUp?.(paths));
      // Live folders (a session's messages, a message's parts) hold only files, one per record,
      // thousands in a long session: one watch of the folder each, never one per file (chokidar
      // gives every file a watch of its own, kept while the session stays live).
      const liveWatches = new Map<string, ShallowWatch>();
      const onLiveEntry = (entry: string): void => {
        if (!isIgnoredName(entry)) route.queue.add(entry);
      };
      const live = new LiveFolders({
        watch: (folders) => {
          for (const folder of folders) if (!liveWatches.has(folder)) liveWatches.set(folder, watchShallow(folder, onLiveEntry, onError, { files: true }));
        },
        unwatch: (folders) => {
          for (const folder of folders) {
            liveWatches.get(folder)?.close();
            liveWatches.delete(folder);
          }
        },
        catchUp: (folder) => catchUp.add(folder),
      });
      const route: Route = { targets: targets.map((t) => path.resolve(t)), near: options.near === true, queue: debouncePaths(onChange) };
      routes.push(route);
      rescope();
      watcher.add(scope.roots);
      for (const folder of options.shallow ?? []) {
        const onEntry = (entry: string): void => {
          route.queue.add(entry);
          live.arrived(entry);
        };
        shallowWatches.push(watchShallow(path.resolve(folder), onEntry, onError));
      }
      const onFile = (file: string): void => {
        if (!isIgnoredName(file)) route.queue.add(file);
      };
      for (const target of options.byName ?? []) shallowWatches.push(watchNames({ ...target, folder: path.resolve(target.folder) }, onFile, onError));
      if (route.near) {
        for (const [folder, names] of targetsByFolder(route.targets)) {
          const onEntry = (entry: string): void => {
            if (!names.has(entry)) return;
            if (existsSync(entry)) {
              rescope();
              watcher.add(entry);
            }
            route.queue.add(entry);
          };
          shallowWatches.push(watchShallow(folder, onEntry, onError));
        }
      }
      liveWatchSets.push(liveWatches);
      return { setLive: (folders) => live.setWanted(folders) };
    },
    refresh() {
      void watcher.close();
      rescope();
      watcher = start(mode === 'polling');
    },
    async close() {
      for (const route of routes) route.queue.cancel();
      for (const shallow of [...shallowWatches, ...liveWatchSets.flatMap((set) => [...set.values()])]) shallow.close();
      await watcher.close();
    },
  };
}

/** Targets grouped by the folder they are in. */
function targetsByFolder(targets: readonly string[]): Map<string, Set<string>> {
  const byFolder = new Map<string, Set<string>>();
  for (const target of targets) {
    const folder = path.dirname(target);
    byFolder.set(folder, (byFolder.get(folder) ?? new Set()).add(target));
  }
  return byFolder;
}
