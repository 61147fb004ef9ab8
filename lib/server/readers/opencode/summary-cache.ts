import 'server-only';
import type { MessageInfo } from '@/lib/model/message';
import { shareMessageStrings } from '@/lib/model/shared-strings';
import type { CachedEntry } from '@/lib/server/index-cache/index-cache';
import { CacheWriter } from '@/lib/server/index-cache/cache-writer';

export { SIGNATURE_KEY } from '@/lib/server/index-cache/cache-writer';

/** A message row's cheap identity: rowid and `time_updated`. Unchanged: its data is unchanged. */
export function messageVersion(row: Record<string, unknown>): string {
  return `${String(row._rowid)}:${String(row._updated)}`;
}

/** A message the index stored, checked cheaply (our own output, in our own 0700 folder; no zod). */
export function looksLikeMessage(value: unknown): value is MessageInfo {
  const m = value as Partial<MessageInfo> | null;
  return (
    typeof m === 'object' && m !== null && typeof m.id === 'string' && typeof m.sessionID === 'string' &&
    (m.role === 'user' || m.role === 'assistant') && typeof m.cost === 'number' &&
    typeof m.tokens === 'object' && m.tokens !== null && typeof m.time?.created === 'number'
  );
}

/** A message as the index stored it; undefined sends the row back to be read from the database. */
export function cachedMessage(id: string, entry: CachedEntry | undefined): { message: MessageInfo; rowid: number } | undefined {
  if (!entry) return undefined;
  try {
    const value = JSON.parse(entry.value) as unknown;
    return looksLikeMessage(value) && value.id === id ? { message: shareMessageStrings(value), rowid: Number.parseInt(entry.version, 10) || 0 } : undefined;
  } catch {
    return undefined;
  }
}

/** OpenCode's messages as the index keeps them. */
export class SummaryCacheWriter extends CacheWriter<MessageInfo> {}
