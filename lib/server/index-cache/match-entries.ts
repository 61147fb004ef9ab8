import 'server-only';
import type { SourceCache } from './index-cache';

/**
 * Walks a source's index entries in key order beside a sorted list of keys (never holding the index
 * whole; a turn of the event loop after each page). `take` is asked about every key the index holds
 * and returns whether its entry served; returns the keys to read (not in the index, or not served)
 * and the entries whose key is no longer listed.
 *
 * Key order is SQLite's (UTF-8 bytes); JavaScript's differs only past U+FFFF, where a key then
 * misses the index and is read (and noted again): slower, never wrong.
 */
export async function matchEntries(
  cache: SourceCache,
  sortedKeys: readonly string[],
  pageSize: number,
  take: (index: number, version: string, value: string) => boolean,
): Promise<{ toRead: number[]; gone: string[] }> {
  const toRead: number[] = [];
  const gone: string[] = [];
  let next = 0;
  for (let after = ''; ; ) {
    const page = cache.page(after, pageSize);
    for (const [key, version, value] of page) {
      while (next < sortedKeys.length && (sortedKeys[next] as string) < key) toRead.push(next++);
      if (sortedKeys[next] !== key) {
        gone.push(key);
        continue;
      }
      if (!take(next, version, value)) toRead.push(next);
      next++;
    }
    await new Promise((resolve) => setImmediate(resolve));
    if (page.length < pageSize) break;
    after = page.at(-1)?.[0] ?? after;
  }
  while (next < sortedKeys.length) toRead.push(next++);
  return { toRead, gone };
}
