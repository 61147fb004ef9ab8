import 'server-only';
import { readdir } from 'node:fs/promises';

export type DirListing = { ok: true; names: string[] } | { ok: false; missing: boolean; reason: string };

/** Directory entries by kind, tolerant of folders that vanish or deny access between list and read. */
export async function listDir(path: string, want: 'files' | 'dirs', suffix = ''): Promise<DirListing> {
  try {
    const entries = await readdir(path, { withFileTypes: true });
    const names = entries
      .filter((entry) => (want === 'files' ? entry.isFile() : entry.isDirectory()))
      .map((entry) => entry.name)
      .filter((name) => name.endsWith(suffix));
    return { ok: true, names };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
    return { ok: false, missing: code === 'ENOENT' || code === 'ENOTDIR', reason: `${code}: cannot list folder` };
  }
}
