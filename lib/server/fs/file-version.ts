import 'server-only';
import { lstatSync } from 'node:fs';

/** A regular file's version (identity, size and time) and its time; undefined for anything else or nothing there. */
export function fileStampSync(file: string): { version: string; mtimeMs: number } | undefined {
  try {
    const stat = lstatSync(file);
    return stat.isFile() ? { version: `${stat.ino}:${stat.size}:${stat.mtimeMs}`, mtimeMs: stat.mtimeMs } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A file's identity, size and time, the form `readDataFile` reports for an open file (a regular file
 * only; undefined for anything else or nothing there): unchanged, its content is unchanged.
 */
export function fileVersionSync(file: string): string | undefined {
  return fileStampSync(file)?.version;
}
