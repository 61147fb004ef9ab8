import 'server-only';
import { readJsonFile } from '@/lib/server/fs/read-json-file';

export type TreeRecord =
  | { status: 'ok'; value: unknown }
  | { status: 'missing' }
  | { status: 'failed'; kind: 'io' | 'parse'; reason: string };

export async function readTreeRecord(file: string): Promise<TreeRecord> {
  const read = await readJsonFile(file);
  if (read.ok) return { status: 'ok', value: read.value };
  if (read.missing) return { status: 'missing' };
  return { status: 'failed', kind: read.kind, reason: read.reason };
}
