import 'server-only';
import { resolveLocations } from '../config';
import { IndexCache } from '../index-cache/index-cache';
import { ClaudeCodeReader } from '../readers/claude/claude-reader';
import { priceFromConfig } from '../pricing/price-from-config';
import { createReaders, openCacheSessionDb } from '../store/get-store';
import { Store } from '../store/store';

export interface LocalHistory {
  store: Store;
  /** The session database held the whole history already: nothing was read. */
  current: boolean;
  close(): void;
}

/**
 * This machine's history as the dashboard has it, for a command that runs once: the same readers and
 * the same session database in the cache, priced the same way. Where every source is as its last
 * complete read left it, the database answers and nothing is read; otherwise what changed since the
 * last run (or since the dashboard last saw it) is ingested first, unless `ingest` is false (the
 * database answers as it stands). Nothing is followed: the command answers and exits.
 */
export async function openLocalHistory(options: { ingest?: boolean } = {}): Promise<LocalHistory> {
  const readers = createReaders(resolveLocations(), IndexCache.open());
  // The command answers once the whole read is in: Claude Code's usage totalled first would be read twice.
  for (const { reader } of readers) if (reader instanceof ClaudeCodeReader) reader.totalsFirst = false;
  const store = new Store(readers, { sessionDb: openCacheSessionDb() });
  const prices = priceFromConfig(store, { follow: false });
  const current = await store.databaseIsCurrent();
  if (!current && options.ingest !== false) await store.start();
  return {
    store,
    current,
    close() {
      prices.close();
      store.stop();
    },
  };
}
