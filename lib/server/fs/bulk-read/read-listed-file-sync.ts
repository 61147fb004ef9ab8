import 'server-only';
import { closeSync, constants, fstatSync, openSync, readlinkSync, readSync } from 'node:fs';
import { describeFileError, fileKind, isInside } from '../data-file-rules';
import { statVersion } from '../file-version';

/** What one file read gave: its text's place in the batch's buffer, or why it was not read. */
export type ListedRead =
  | { ok: true; version: string; mtimeMs: number; start: number; end: number }
  | { ok: false; missing: boolean; reason: string };

const FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW | (constants.O_NOCTTY ?? 0);

/**
 * Reads a file that a folder listing just showed as regular, synchronously (a worker thread's bulk
 * read; see read-listed-files.ts): the same rules as readDataFile with `listedAsFile`. The open
 * never blocks (O_NONBLOCK) and never follows a symlink put there since (O_NOFOLLOW); the open
 * descriptor must be a regular file, under `maxBytes`, really inside `rootReal` (/proc/self/fd).
 * The bytes go to `sink`; reasons never quote the file.
 */
export function readListedFileSync(file: string, rootReal: string, maxBytes: number, sink: (bytes: Buffer) => { start: number; end: number }): ListedRead {
  let fd: number;
  try {
    fd = openSync(file, FLAGS);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') return { ok: false, missing: false, reason: 'a symlink: not followed' };
    return describeFileError(error);
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) return { ok: false, missing: false, reason: `not a regular file (${fileKind(info)}): not read` };
    let where: string;
    try {
      where = readlinkSync(`/proc/self/fd/${fd}`).replace(/ \(deleted\)$/, '');
    } catch {
      return { ok: false, missing: false, reason: 'cannot tell where the file is: not read' };
    }
    if (!isInside(rootReal, where)) return { ok: false, missing: false, reason: 'path leads outside the data folder' };
    if (info.size > maxBytes) return { ok: false, missing: false, reason: `file is ${info.size} bytes, over the ${maxBytes} byte limit: not read` };
    const bytes = Buffer.allocUnsafe(info.size);
    let total = 0;
    while (total < bytes.length) {
      const n = readSync(fd, bytes, total, bytes.length - total, total);
      if (n === 0) break;
      total += n;
    }
    const place = sink(total === bytes.length ? bytes : bytes.subarray(0, total));
    return { ok: true, version: statVersion(info), mtimeMs: info.mtimeMs, ...place };
  } catch (error) {
    return describeFileError(error);
  } finally {
    closeSync(fd);
  }
}
