import 'server-only';
import { lstatSync } from 'node:fs';

/**
 * A file written this recently may be written again within the same tick of the file system's
 * clock (a few ms) without its size changing: its version would not tell (git's "racy" entries).
 * A summary of it is neither kept nor trusted until it is older.
 */
export const RACY_MS = 2_000;

/** Whether a file with this time may still be rewritten unseen by its version (see {@link RACY_MS}). */
export function writtenTooRecently(mtimeMs: number, now = Date.now()): boolean {
  return now - mtimeMs < RACY_MS;
}

/**
 * What says a file is unchanged: its identity, size, time and change time. The change time too: a
 * file rewritten in place with the same size and its time put back (`touch -r`, an editor, a
 * restore) keeps every other figure, but the system sets its ctime anew, and nobody can set it back.
 */
export function statVersion(stat: { ino: number; size: number; mtimeMs: number; ctimeMs: number }): string {
  return `${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`;
}

/** A regular file's version (see {@link statVersion}) and its time; undefined for anything else or nothing there. */
export function fileStampSync(file: string): { version: string; mtimeMs: number } | undefined {
  try {
    const stat = lstatSync(file);
    return stat.isFile() ? { version: statVersion(stat), mtimeMs: stat.mtimeMs } : undefined;
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
