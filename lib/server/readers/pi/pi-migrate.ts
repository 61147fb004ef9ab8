import 'server-only';
import type { PiEntry } from './pi-schema';

export const CURRENT_PI_VERSION = 3;

export interface RawPiEntry {
  line: number;
  entry: Record<string, unknown> & { type: string; id?: string; parentId?: string | null };
}

/**
 * Spec 001 v1 -> v2: ids and a linear parent chain in file order; compaction
 * `firstKeptEntryIndex` -> `firstKeptEntryId`. pi assigns random ids; ours are derived from the
 * line number so that re-reading the same file gives the same ids.
 */
function v1ToV2(raw: readonly RawPiEntry[]): PiEntry[] {
  const ids = raw.map(({ line, entry }) => (typeof entry.id === 'string' && entry.id ? entry.id : `L${line}`));
  return raw.map(({ entry }, i) => {
    const out: PiEntry = { ...entry, id: ids[i] ?? '', parentId: i === 0 ? null : (ids[i - 1] ?? null) };
    if (entry.type === 'compaction' && typeof entry.firstKeptEntryIndex === 'number') {
      const { firstKeptEntryIndex, ...rest } = out;
      return { ...rest, firstKeptEntryId: ids[firstKeptEntryIndex as number] ?? ids[0] } as PiEntry;
    }
    return out;
  });
}

/** Spec 001 v2 -> v3: legacy `hookMessage` messages become `custom`. */
function v2ToV3(entries: readonly PiEntry[]): PiEntry[] {
  return entries.map((entry) => {
    const message = entry.message as { role?: unknown } | undefined;
    if (entry.type !== 'message' || message?.role !== 'hookMessage') return entry;
    return { ...entry, message: { ...message, role: 'custom' } };
  });
}

export interface MigrationResult {
  entries: PiEntry[];
  /** Entries (v2+) without an id: skipped, reported by the caller. */
  missingID: number[];
}

/** Applies the spec 001 migrations in memory. Pi rewrites the file; we never do. */
export function migratePiEntries(version: number | undefined, raw: readonly RawPiEntry[]): MigrationResult {
  if (version === undefined || version < 2) return { entries: v2ToV3(v1ToV2(raw)), missingID: [] };
  const missingID: number[] = [];
  const entries: PiEntry[] = [];
  for (const { line, entry } of raw) {
    if (typeof entry.id !== 'string' || !entry.id) missingID.push(line);
    else entries.push({ ...entry, id: entry.id, parentId: typeof entry.parentId === 'string' ? entry.parentId : null });
  }
  return { entries: version < CURRENT_PI_VERSION ? v2ToV3(entries) : entries, missingID };
}
