import 'server-only';
import { stat } from 'node:fs/promises';
import { mapLimit } from '@/lib/server/fs/map-limit';

/** Past this many paths a change is a catch-up read of a folder: not re-checked path by path. */
export const MAX_SIGNED_PATHS = 500;

/** Size and modification time of each path (file or folder; `-` when gone). Readers never change them. */
export async function pathSignatures(paths: readonly string[]): Promise<Map<string, string>> {
  const signs = await mapLimit([...paths], 16, async (p) => {
    try {
      const s = await stat(p);
      return `${s.size}:${s.mtimeMs}`;
    } catch {
      return '-';
    }
  });
  return new Map(paths.map((p, i) => [p, signs[i] ?? '-']));
}

/** The paths whose signature differs from the one taken before they were read. */
export async function changedPaths(before: ReadonlyMap<string, string>): Promise<string[]> {
  const now = await pathSignatures([...before.keys()]);
  return [...before].filter(([p, sign]) => now.get(p) !== sign).map(([p]) => p);
}
