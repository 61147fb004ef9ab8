import 'server-only';
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

/** An opencode.json is a few KB; anything past this is not a config worth reading. */
export const MAX_CONFIG_BYTES = 1024 * 1024;

/**
 * The text of a small regular file, or `undefined` (missing, not a regular file, too big).
 * Opened non-blocking and checked on the open descriptor: a FIFO or device in its place never
 * blocks, and a file swapped after a check is not read.
 */
export function readConfigFile(path: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size > MAX_CONFIG_BYTES) return undefined;
    const buffer = Buffer.alloc(stat.size);
    let read = 0;
    while (read < buffer.length) {
      const n = readSync(fd, buffer, read, buffer.length - read, read);
      if (n === 0) break;
      read += n;
    }
    return buffer.toString('utf8', 0, read);
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
