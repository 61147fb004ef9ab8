import 'server-only';
import { MAX_JSON_DEPTH, parsedNestsDeeperThan, TOO_DEEP_REASON } from '@/lib/model/json-depth';
import { FILE_CAPS } from './file-caps';
import { readDataFile, type DataFileRead } from './open-data-file';

export type JsonRead =
  /** `version`, `mtimeMs`: the file's identity, size and time as it was opened. */
  | { ok: true; value: unknown; version: string; mtimeMs: number }
  /** `wanted` said no to the text: not parsed. */
  | { ok: true; skipped: true }
  | { ok: false; kind: 'io' | 'parse'; missing: boolean; reason: string };

/**
 * Reads and parses a JSON file inside `root` (see readDataFile). OpenCode writes in place (not
 * atomically), so a parse failure usually means "half-written": the caller reports it and retries
 * on the next change. Reasons never quote the file's text (it may be a symlinked secret).
 */
export async function readJsonFile(path: string, root: string, wanted?: (text: string) => boolean, listedAsFile?: boolean): Promise<JsonRead> {
  return parseJsonRead(await readDataFile(path, { root, maxBytes: FILE_CAPS.jsonRecord, listedAsFile }), wanted);
}

/** A file read (see readDataFile) parsed as JSON, under the same rules as readJsonFile. */
export function parseJsonRead(read: DataFileRead, wanted?: (text: string) => boolean): JsonRead {
  if (!read.ok) return { ok: false, kind: 'io', missing: read.missing, reason: read.reason };
  const text = read.bytes.toString('utf8');
  if (wanted && !wanted(text)) return { ok: true, skipped: true };
  if (text.trim() === '') return { ok: false, kind: 'parse', missing: false, reason: 'empty file (being written?)' };
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    return { ok: false, kind: 'parse', missing: false, reason: 'invalid JSON (half-written?)' };
  }
  if (parsedNestsDeeperThan(text, value, MAX_JSON_DEPTH)) return { ok: false, kind: 'parse', missing: false, reason: TOO_DEEP_REASON };
  return { ok: true, value, version: read.version, mtimeMs: read.mtimeMs };
}
