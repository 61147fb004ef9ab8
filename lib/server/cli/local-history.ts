import 'server-only';
import { resolveLocations } from '../config';
import { IndexCache } from '../index-cache/index-cache';
import { priceFromConfig } from '../pricing/price-from-config';
import { createReaders, openCacheSessionDb } from '../store/get-store';
import { Store } from '../store/store';

export interface LocalHistory {
  store: Store;
  close(): void;
}

/**
 * This machine's history as the dashboard has it, for a command that runs once: the same readers and
 * the same session database in the cache (what changed since the last run, or since the dashboard
 * last saw it, is ingested first), priced the same way. Nothing is followed: the command answers and exits.
 */
export async function openLocalHistory(): Promise<LocalHistory> {
  const store = new Store(createReaders(resolveLocations(), IndexCache.open()), { sessionDb: openCacheSessionDb() });
  const prices = priceFromConfig(store, { follow: false });
  await store.start();
  return {
    store,
    close() {
      prices.close();
      store.stop();
    },
  };
}
