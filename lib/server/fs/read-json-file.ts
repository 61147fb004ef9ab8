import 'server-only';
import { readFile } from 'node:fs/promises';

/** Largest JSON record we parse; bigger files are reported, not loaded (a hostile or runaway file). */
export const MAX_JSON_FILE_BYTES = 64 * 1024 * 1024;

export type JsonRead =
  | { ok: true; value: unknown }
  /** `wanted` said no to the text: not parsed. */
  | { ok: true; skipped: true }
  | { ok: false; kind: 'io' | 'parse'; missing: boolean; reason: string };

/**
 * Reads and parses a JSON file. OpenCode writes in place (not atomically), so a parse failure
 * usually means "half-written": the caller reports it and retries on the next change.
 */
export async function readJsonFile(path: string, wanted?: (text: string) => boolean): Promise<JsonRead> {
  let text: string;
  try {
    const buffer = await readFile(path);
    if (buffer.byteLength > MAX_JSON_FILE_BYTES) {
      return { ok: false, kind: 'io', missing: false, reason: `file is ${buffer.byteLength} bytes, over the ${MAX_JSON_FILE_BYTES} byte limit` };
    }
    text = buffer.toString('utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
    return { ok: false, kind: 'io', missing: code === 'ENOENT' || code === 'ENOTDIR', reason: `${code}: cannot read file` };
  }
  if (wanted && !wanted(text)) return { ok: true, skipped: true };
  if (text.trim() === '') return { ok: false, kind: 'parse', missing: false, reason: 'empty file (being written?)' };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, kind: 'parse', missing: false, reason: `invalid JSON (half-written?): ${(error as Error).message.slice(0, 120)}` };
  }
}
