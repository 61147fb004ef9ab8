import 'server-only';
import type { Stats } from 'node:fs';
import path from 'node:path';

/** Whether `p` is strictly inside folder `dir` (both absolute, both already resolved). */
export function isInside(dir: string, p: string): boolean {
  const rel = path.relative(dir, p);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel);
}

/** What a non-regular file is, for a skipped record's reason. */
export function fileKind(info: Stats): string {
  if (info.isFIFO()) return 'a FIFO';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  if (info.isSocket()) return 'a socket';
  if (info.isDirectory()) return 'a folder';
  return 'not a file';
}

/** A system error as a refusal: its code only (never a message that could quote the path's content). */
export function describeFileError(error: unknown): { ok: false; missing: boolean; reason: string } {
  const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
  return { ok: false, missing: code === 'ENOENT' || code === 'ENOTDIR', reason: `${code}: cannot read file` };
}
