import 'server-only';
import type { Store } from '../store/store';
import { RUNTIME_KEY } from './runtime-key';

type GlobalWithRuntime = typeof globalThis & { [RUNTIME_KEY]?: { store: Store } };

/**
 * The store the instrumentation hook started, without loading what starts one (every reader, the
 * watcher, search): a route that only asks the session database loads a small module graph, and a
 * restart's first total waits for less. Started here only where nothing started it (tests, a
 * server without the hook).
 */
export async function runningStore(): Promise<Store> {
  const running = (globalThis as GlobalWithRuntime)[RUNTIME_KEY]?.store;
  if (running) return running;
  const { getStore } = await import('../store/get-store');
  return getStore();
}
