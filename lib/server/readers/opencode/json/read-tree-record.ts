import 'server-only';
import type { DataFileRead } from '@/lib/server/fs/open-data-file';
import { parseJsonRead, readJsonFile, type JsonRead } from '@/lib/server/fs/read-json-file';

export type TreeRecord =
  /** `version`, `mtimeMs`: the file's identity, size and time as it was opened (see readDataFile). */
  | { status: 'ok'; value: unknown; version: string; mtimeMs: number }
  | { status: 'missing' }
  | { status: 'skipped' }
  | { status: 'failed'; kind: 'io' | 'parse'; reason: string };

/** One JSON record of the tree under `storageRoot` (never outside it); `wanted` can skip a file by its text before it is parsed. */
export async function readTreeRecord(file: string, storageRoot: string, wanted?: (text: string) => boolean, listedAsFile?: boolean): Promise<TreeRecord> {
  return treeRecordOf(await readJsonFile(file, storageRoot, wanted, listedAsFile));
}

/** A record from a file already read (a bulk read: see lib/server/fs/bulk-read). */
export function treeRecordFromRead(read: DataFileRead): TreeRecord {
  return treeRecordOf(parseJsonRead(read));
}

function treeRecordOf(read: JsonRead): TreeRecord {
  if (read.ok) return 'skipped' in read ? { status: 'skipped' } : { status: 'ok', value: read.value, version: read.version, mtimeMs: read.mtimeMs };
  if (read.missing) return { status: 'missing' };
  return { status: 'failed', kind: read.kind, reason: read.reason };
}
