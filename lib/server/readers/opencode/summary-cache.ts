import 'server-only';
import type { MessageInfo } from '@/lib/model/message';
import { shareMessageStrings } from '@/lib/model/shared-strings';
import type { CachedEntry, SourceCache } from '@/lib/server/index-cache/index-cache';

/** Entries written per transaction, with a turn of the event loop between: pages keep being served. */
const WRITE_CHUNK = 5_000;
/** Changes are written this long after the last one (a live session writes many in a row). */
const WRITE_DELAY_MS = 1_000;
/**
 * The key of the entry whose version is the database's signature (identity, size and time of the
 * file and its log) when every other entry was written: equal at the next start, nothing changed.
 */
export const SIGNATURE_KEY = '';

/** A message row's cheap identity: rowid and `time_updated`. Unchanged: its data is unchanged. */
export function messageVersion(row: Record<string, unknown>): string {
  return `${String(row._rowid)}:${String(row._updated)}`;
}

/**
 * A message as the index stored it, checked cheaply (our own output, in our own 0700 folder; no zod):
 * undefined sends the row back to be read from the database.
 */
export function cachedMessage(id: string, entry: CachedEntry | undefined): { message: MessageInfo; rowid: number } | undefined {
  if (!entry) return undefined;
  try {
    const value = JSON.parse(entry.value) as Partial<MessageInfo> | null;
    const ok =
      typeof value === 'object' && value !== null && value.id === id && typeof value.sessionID === 'string' &&
      (value.role === 'user' || value.role === 'assistant') && typeof value.cost === 'number' &&
      typeof value.tokens === 'object' && value.tokens !== null && typeof value.time?.created === 'number';
    return ok ? { message: shareMessageStrings(value as MessageInfo), rowid: Number.parseInt(entry.version, 10) || 0 } : undefined;
  } catch {
    return undefined;
  }
}

/** What the reader parsed since the index was last written, written in the background. */
export class SummaryCacheWriter {
  /** Serialised only when written (JSON.stringify of every message was ~7% of the first read). */
  private readonly upserts = new Map<string, readonly [string, MessageInfo]>();
  private readonly removed = new Set<string>();
  private signature: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private writing = false;

  constructor(private readonly cache: SourceCache) {}

  /** `key`: the message id (SQLite) or its file (JSON tree); `version`: what says it is unchanged. */
  note(key: string, version: string, message: MessageInfo): void {
    this.removed.delete(key);
    this.upserts.set(key, [version, message]);
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
    try {
      this.cache.update([], [SIGNATURE_KEY, ...this.removed]);
      this.removed.clear();
      while (this.upserts.size > 0) {
        const chunk: (readonly [string, string, string])[] = [];
        for (const [id, [version, message]] of this.upserts) {
          chunk.push([id, version, JSON.stringify(message)]);
          this.upserts.delete(id);
          if (chunk.length >= WRITE_CHUNK) break;
        }
        this.cache.update(chunk);
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (this.signature !== undefined && this.removed.size === 0) this.cache.update([[SIGNATURE_KEY, this.signature, '']]);
    } finally {
      this.writing = false;
    }
  }
}
