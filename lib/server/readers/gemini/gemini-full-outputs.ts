import 'server-only';
import path from 'node:path';
import type { Part } from '@/lib/model/part';
import { readDataFile } from '@/lib/server/fs/open-data-file';

/** A tool's whole output read from `tool-outputs/` up to this size; past it the record's excerpt stays. */
const FULL_OUTPUT_MAX = 16 * 1024 * 1024;

/**
 * A tool output too large for the record keeps its first 8,000 and last 32,000 characters there
 * ("Output too large. ... For full output see: <path>"); the whole of it is in
 * `tmp/<project>/tool-outputs/session-<id>/<call id>.txt`: put in its place (a session opened, its search documents).
 */
export async function takeFullOutputs(parts: readonly Part[], where: { root: string; tmp: string; project: string; sessionID: string }): Promise<void> {
  const folder = path.join(where.tmp, where.project, 'tool-outputs', `session-${where.sessionID}`);
  for (const part of parts) {
    if (part.type !== 'tool' || !part.output?.startsWith('Output too large.') || !/^[\w.#-]+$/.test(part.callID)) continue;
    const read = await readDataFile(path.join(folder, `${part.callID}.txt`), { root: where.root, maxBytes: FULL_OUTPUT_MAX });
    if (read.ok) part.output = read.bytes.toString('utf8');
  }
}
