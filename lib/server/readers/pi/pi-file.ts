import 'server-only';
import { parseJsonl } from './jsonl';
import { migratePiEntries, type RawPiEntry } from './pi-migrate';
import { entrySchema, headerSchema, titleSlotSchema, type PiEntry, type PiHeader } from './pi-schema';

export interface PiFileIssue {
  line?: number;
  kind: 'parse' | 'schema';
  reason: string;
}

export interface PiFile {
  header: PiHeader;
  /** Title from the padded `{"type":"title"}` first line. */
  titleSlot?: string;
  /** Non-header entries in file order, migrated to v3 in memory. */
  entries: PiEntry[];
  /** Header version as found on disk (undefined = v1). */
  diskVersion?: number;
  issues: PiFileIssue[];
}

export type PiFileParse = { ok: true; file: PiFile } | { ok: false; issues: PiFileIssue[] };

/**
 * Parses one session file (its bytes, or text). No header yet (empty or half-written file) is "not ready":
 * `ok: false` with no issues. A complete first record that is not a header is an issue.
 */
export function parsePiFile(text: string | Buffer): PiFileParse {
  const { records, bad } = parseJsonl(text);
  const issues: PiFileIssue[] = bad.map((b) => ({ line: b.line, kind: 'parse', reason: b.reason }));
  let i = 0;
  const slot = titleSlotSchema.safeParse(records[0]?.value);
  if (slot.success) i = 1;
  const first = records[i];
  if (!first) return { ok: false, issues };
  const header = headerSchema.safeParse(first.value);
  if (!header.success) return { ok: false, issues: [...issues, { line: first.line, kind: 'schema', reason: 'first record is not a session header' }] };
  const raw: RawPiEntry[] = [];
  for (const rec of records.slice(i + 1)) {
    const entry = entrySchema.safeParse(rec.value);
    if (entry.success) raw.push({ line: rec.line, entry: entry.data as RawPiEntry['entry'] });
    else issues.push({ line: rec.line, kind: 'schema', reason: 'entry is not an object with a type' });
  }
  const { entries, missingID } = migratePiEntries(header.data.version, raw);
  for (const line of missingID) issues.push({ line, kind: 'schema', reason: 'entry without an id' });
  const file: PiFile = { header: header.data, entries, issues, diskVersion: header.data.version };
  if (slot.success && slot.data.title) file.titleSlot = slot.data.title;
  return { ok: true, file };
}
