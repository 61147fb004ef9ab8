import 'server-only';
import { watch, type FSWatcher } from 'chokidar';
import path from 'node:path';
import type { SourceIndex } from '../store/source-index';
import { debouncePaths } from './debounce-paths';
import { watchScope } from './watch-scope';

export interface SourceWatcher {
  close(): Promise<void>;
}

/**
 * One chokidar watcher for all sources. Events are routed to the source whose targets contain the
 * path, debounced, and absorbed incrementally by the store.
 */
export function watchSources(indexes: readonly SourceIndex[], absorb: (index: SourceIndex, paths: string[]) => void, onError: (error: unknown) => void): SourceWatcher {
  const routes = indexes.flatMap((index) => index.reader.watchTargets().map((target) => ({ target: path.resolve(target), index })));
  const queues = new Map(indexes.map((index) => [index, debouncePaths((paths) => absorb(index, paths))]));
  const scope = watchScope(routes.map((r) => r.target));
  const watcher: FSWatcher = watch(scope.roots, { ignoreInitial: true, ignored: (file: string) => !scope.allowed(file) });
  const route = (file: string): void => {
    const resolved = path.resolve(file);
    for (const { target, index } of routes) {
      if (resolved === target || resolved.startsWith(target + path.sep)) queues.get(index)?.add(resolved);
    }
  };
  watcher.on('add', route).on('change', route).on('unlink', route);
  watcher.on('addDir', route).on('unlinkDir', route);
  watcher.on('error', onError);
  return {
    async close() {
      for (const queue of queues.values()) queue.cancel();
      await watcher.close();
    },
  };
}
