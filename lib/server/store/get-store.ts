import 'server-only';
import { resolveLocations, type DataLocations } from '../config';
import { JsonTreeReader } from '../readers/opencode/json/json-tree-reader';
import { SqliteReader } from '../readers/opencode/sqlite/sqlite-reader';
import type { SourceReader } from '../readers/read-result';
import { watchSources, type SourceWatcher } from '../watcher/watch-sources';
import { Store } from './store';

interface Runtime {
  store: Store;
  locations: DataLocations;
  watcher?: SourceWatcher;
  started: Promise<void>;
}

const KEY = Symbol.for('sessionscope.runtime');
type GlobalWithRuntime = typeof globalThis & { [KEY]?: Runtime };

/** The readers for the configured locations. The database wins over the JSON tree for shared ids. */
export function createReaders(locations: DataLocations): { reader: SourceReader; priority: number }[] {
  return [
    { reader: new JsonTreeReader(locations.opencodeDir), priority: 1 },
    ...locations.databases.map((db, i) => ({ reader: new SqliteReader(db, locations.opencodeDir), priority: 10 - i })),
  ];
}

/**
 * One store and one watcher per process, kept on globalThis: Next's route bundles and hot reloads
 * each load this module, but must share the same instance.
 */
export function getRuntime(): Runtime {
  const g = globalThis as GlobalWithRuntime;
  const existing = g[KEY];
  if (existing) return existing;
  const locations = resolveLocations();
  const store = new Store(createReaders(locations));
  const runtime: Runtime = { store, locations, started: Promise.resolve() };
  g[KEY] = runtime;
  runtime.watcher = watchSources(
    store.indexes,
    (index, paths) => void store.absorb(index, paths).catch((error: unknown) => console.error('[sessionscope] update failed:', error)),
    (error) => console.error('[sessionscope] watcher error:', error),
  );
  runtime.started = store.start().catch((error: unknown) => console.error('[sessionscope] indexing failed:', error));
  return runtime;
}

export function getStore(): Store {
  return getRuntime().store;
}
