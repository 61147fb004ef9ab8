import 'server-only';
import path from 'node:path';
import { FILE_CAPS } from '../fs/file-caps';
import { readDataFile } from '../fs/open-data-file';
import type { Store } from '../store/store';
import { getPart } from './get-part';

export type FullOutput = { ok: true; text: string } | { ok: false; status: 404 | 422; reason: string };

/**
 * The whole output of a tool call whose result holds only part of it (`fullOutput`), read-only and
 * only from inside the session's own folder: the file is named by the reader, never by the request.
 */
export async function getFullOutput(store: Store, sessionID: string, partID: string, messageID?: string): Promise<FullOutput> {
  const part = await getPart(store, sessionID, partID, messageID);
  const origin = store.view.session(sessionID)?.origin;
  if (part?.type !== 'tool' || !part.fullOutput || !origin) return { ok: false, status: 404, reason: 'this tool call has no kept output' };
  const read = await readDataFile(part.fullOutput.file, { root: path.dirname(origin), maxBytes: FILE_CAPS.artifact });
  if (read.ok) return { ok: true, text: read.bytes.toString('utf8') };
  return read.missing ? { ok: false, status: 404, reason: 'the kept output is gone' } : { ok: false, status: 422, reason: `the kept output was not read: ${read.reason}` };
}
