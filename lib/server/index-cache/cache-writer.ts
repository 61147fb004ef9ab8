import 'server-only';
import type { SourceCache } from './index-cache';

/** Entries written per transaction, with a turn of the event loop between: pages keep being served. */
const WRITE_CHUNK = 5_000;
/** Changes are written this long after the last one (a live session writes many in a row). */
const WRITE_DELAY_MS = 1_000;
/**
 * The key of the entry whose version is the source's signature (for OpenCode's database: identity,
 * size and time of the file and its log) when every other entry was written: equal at the next
 * start, nothing changed.
 */
export const SIGNATURE_KEY = '';

/** A value serialised already (by a worker thread that read it). */
class Serialized {
  constructor(readonly json: string) {}
}

/** What a reader parsed since the index was last written, written in the background. */
export class CacheWriter<T> {
  /** Serialised only when written (JSON.stringify of every OpenCode message was ~7% of the first read). */
  private readonly upserts = new Map<string, readonly [string, T | Serialized]>();
  private readonly removed = new Set<string>();
  private signature: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private writing = false;

  /** `chunk`: entries per transaction (fewer where each is large: a whole transcript's summary). */
  constructor(
    private readonly cache: SourceCache,
    private readonly chunk = WRITE_CHUNK,
  ) {}

  /** `key`: a message id (SQLite) or a file; `version`: what says it is unchanged; `value`: serialised as JSON when written. */
  note(key: string, version: string, value: T): void {
    this.removed.delete(key);
    this.upserts.set(key, [version, value]);
  }

  /** {@link note} with the value's JSON at hand. */
  noteJson(key: string, version: string, json: string): void {
    this.removed.delete(key);
    this.upserts.set(key, [version, new Serialized(json)]);
  }

  remove(ids: Iterable<string>): void {
    for (const id of ids) {
      this.upserts.delete(id);
      this.removed.add(id);
    }
  }

  /**
   * Writes what is pending, `delayMs` after the last call. `signature`: the database's when the read
   * began, if everything it holds was read (undefined: a record was skipped, or the read failed; the
   * next start then compares every message's rowid and time).
   */
  schedule(signature: string | undefined, delayMs = WRITE_DELAY_MS): void {
    this.signature = signature;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), delayMs);
    this.timer.unref();
  }

  /** Writes everything pending now, in chunks; the signature goes first and comes back last. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    if (this.writing) return this.schedule(this.signature);
    this.writing = true;
    // A chunk not written (a full disk) leaves the index incomplete: no signature may say otherwise.
    let whole = true;
    try {
      whole = this.cache.update([], [SIGNATURE_KEY, ...this.removed]) && whole;
      this.removed.clear();
      while (this.upserts.size > 0) {
        const chunk: (readonly [string, string, string])[] = [];
        for (const [id, [version, value]] of this.upserts) {
          chunk.push([id, version, value instanceof Serialized ? value.json : JSON.stringify(value)]);
          this.upserts.delete(id);
          if (chunk.length >= this.chunk) break;
        }
        whole = this.cache.update(chunk) && whole;
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (whole && this.signature !== undefined && this.removed.size === 0) this.cache.update([[SIGNATURE_KEY, this.signature, '']]);
    } finally {
      this.writing = false;
    }
  }
}
