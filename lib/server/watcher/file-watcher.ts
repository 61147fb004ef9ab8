import 'server-only';
import { watch, type FSWatcher } from 'chokidar';
import path from 'node:path';
import { debouncePaths } from './debounce-paths';
import { watchScope } from './watch-scope';

export interface FileWatcher {
  /** Watches `targets` (files or folders, existing or not yet); changed paths reach `onChange`, debounced. */
  route(targets: readonly string[], onChange: (paths: string[]) => void): void;
  close(): Promise<void>;
}

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
  const watcher: FSWatcher = watch([], { ignoreInitial: true, ignored: (file: string) => !scope.allowed(file) });
  const dispatch = (file: string): void => {
    const resolved = path.resolve(file);
    for (const route of routes) {
      if (resolved === route.target || resolved.startsWith(route.target + path.sep)) route.queue.add(resolved);
    }
  };
  watcher.on('add', dispatch).on('change', dispatch).on('unlink', dispatch).on('addDir', dispatch).on('unlinkDir', dispatch);
  watcher.on('error', onError);
  return {
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
