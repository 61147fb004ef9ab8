import 'server-only';
import type { SessionContent } from '../readers/read-result';

/** Parts kept across the sessions last opened: a bound on memory, whatever their size. */
export const CONTENT_CACHE_PARTS = 30_000;

/**
 * Part bodies of the sessions opened last, so a page's refetches and older pages do not re-read
 * and re-validate thousands of records. A session's entry goes as soon as the session changes.
 */
export class ContentCache {
  private readonly entries = new Map<string, Promise<SessionContent | undefined>>();
  private readonly sizes = new Map<string, number>();
  private total = 0;

  constructor(private readonly maxParts = CONTENT_CACHE_PARTS) {}

  get(id: string, load: () => Promise<SessionContent | undefined>): Promise<SessionContent | undefined> {
    const cached = this.entries.get(id);
    if (cached) {
      // Most recently used last.
      this.entries.delete(id);
      this.entries.set(id, cached);
      return cached;
    }
    const loading = load();
    this.entries.set(id, loading);
    void loading.then(
      (content) => this.settle(id, loading, content?.parts.length ?? 0),
      () => this.drop(id),
    );
    return loading;
  }

  invalidate(ids: Iterable<string>): void {
    for (const id of ids) this.drop(id);
  }

  private settle(id: string, loading: Promise<unknown>, parts: number): void {
    if (this.entries.get(id) !== loading) return;
    this.sizes.set(id, parts);
    this.total += parts;
    for (const oldest of this.entries.keys()) {
      if (this.total <= this.maxParts || oldest === id) break;
      this.drop(oldest);
    }
    if (this.total > this.maxParts) this.drop(id);
  }

  private drop(id: string): void {
    this.entries.delete(id);
    this.total -= this.sizes.get(id) ?? 0;
    this.sizes.delete(id);
  }
}
