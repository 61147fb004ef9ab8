import 'server-only';
import { closeSync, readSync } from 'node:fs';
import path from 'node:path';
import { FILE_CAPS } from '../fs/file-caps';
import { openDataFileSync } from '../fs/open-data-file';

/**
 * The text of an opencode.json, or `undefined` (missing, not a regular file, too big, a symlink out
 * of its folder). Opened through the safe-open module; synchronous, because prices are looked up
 * in the middle of a figure, and the file is read once and kept until it changes.
 */
export function readConfigFile(file: string): string | undefined {
  let opened;
  try {
    opened = openDataFileSync(file, path.dirname(file));
  } catch {
    return undefined;
  }
  try {
    if (opened.stats.size > FILE_CAPS.config) return undefined;
    const buffer = Buffer.alloc(opened.stats.size);
    let read = 0;
    while (read < buffer.length) {
      const n = readSync(opened.fd, buffer, read, buffer.length - read, read);
      if (n === 0) break;
      read += n;
    }
    return buffer.toString('utf8', 0, read);
  } catch {
    return undefined;
  } finally {
    closeSync(opened.fd);
  }
}
