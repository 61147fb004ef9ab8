import 'server-only';
import { watch, type FSWatcher } from 'chokidar';
import path from 'node:path';
import { debouncePaths } from './debounce-paths';
import { watchScope } from './watch-scope';

export interface FileWatcher {
  /** Watches `targets` (files or folders, existing or not yet); changed paths reach `onChange`, debounced. */
  route(targets: readonly string[], onChange: (paths: string[]) => void): void;
  /** `events` normally; `polling` after the system ran out of file watches (shown in /api/health). */
  readonly mode: 'events' | 'polling';
  readonly lastError: string | undefined;
  close(): Promise<void>;
}

/** Polling interval when the system has no file watches left (inotify limits reached). */
const POLL_INTERVAL_MS = 500;
const OUT_OF_WATCHES = new Set(['ENOSPC', 'EMFILE']);

interface Route {
  target: string;
  queue: ReturnType<typeof debouncePaths>;
}

/**
 * The one chokidar watcher of the process. Routes can be added while it runs (plan files of a
 * project that just appeared). Only targets, what is inside them and the folders leading to them
 * are watched.
 */
export function createFileWatcher(onError: (error: unknown) => void): FileWatcher {
  const routes: Route[] = [];
  let scope = watchScope([]);
  let mode: FileWatcher['mode'] = 'events';
  let lastError: string | undefined;
  const dispatch = (file: string): void => {
    const resolved = path.resolve(file);
    for (const route of routes) {
      if (resolved === route.target || resolved.startsWith(route.target + path.sep)) route.queue.add(resolved);
    }
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
      return mode;
    },
    get lastError() {
      return lastError;
    },
    route(targets, onChange) {
      const queue = debouncePaths(onChange);
      const fresh = targets.map((t) => path.resolve(t)).filter((t) => !routes.some((r) => r.target === t && r.queue === queue));
      for (const target of fresh) routes.push({ target, queue });
      scope = watchScope(routes.map((r) => r.target));
      watcher.add(scope.roots);
    },
    async close() {
      for (const route of routes) route.queue.cancel();
      await watcher.close();
    },
  };
}
