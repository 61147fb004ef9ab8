import 'server-only';
import { readJsonFile } from '@/lib/server/fs/read-json-file';

export type TreeRecord =
  | { status: 'ok'; value: unknown }
  | { status: 'missing' }
  | { status: 'skipped' }
  | { status: 'failed'; kind: 'io' | 'parse'; reason: string };

/** One JSON record of the tree under `storageRoot` (never outside it); `wanted` can skip a file by its text before it is parsed. */
export async function readTreeRecord(file: string, storageRoot: string, wanted?: (text: string) => boolean): Promise<TreeRecord> {
  const read = await readJsonFile(file, storageRoot, wanted);
  if (read.ok) return 'skipped' in read ? { status: 'skipped' } : { status: 'ok', value: read.value };
  if (read.missing) return { status: 'missing' };
  return { status: 'failed', kind: read.kind, reason: read.reason };
}
