import 'server-only';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Part } from '@/lib/model/part';
import { entryPath } from '@/lib/server/fs/list-dir';
import { readListedFileSync } from '@/lib/server/fs/bulk-read/read-listed-file-sync';
import { FILE_CAPS } from '@/lib/server/fs/file-caps';
import { treeRecordFromRead } from '../readers/opencode/json/read-tree-record';
import { reshapePart } from '../readers/opencode/reshape-part';

/** Names of a folder's regular files with the suffix ([] when it is missing or unreadable), as listDir lists them. */
function filesOf(dir: string, suffix: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/** The part files of a session's messages (`part/<messageID>/*.json` for each `message/<sessionID>/<messageID>.json`). */
function partFilesOf(storageRoot: string, sessionID: string): string[] {
  const files: string[] = [];
  for (const name of filesOf(path.join(storageRoot, 'message', sessionID), '.json')) {
    const dir = path.join(storageRoot, 'part', name.slice(0, -'.json'.length));
    for (const file of filesOf(dir, '.json')) files.push(entryPath(dir, file));
  }
  return files;
}

/** A session's part files, counted as the stored fingerprint counts them: how many, the newest change, their bytes. */
class TreeSignature {
  private files = 0;
  private newest = 0;
  private bytes = 0;

  add(mtimeMs: number, size: number): void {
    this.files++;
    this.newest = Math.max(this.newest, mtimeMs);
    this.bytes += size;
  }

  toString(): string {
    return `${this.files}:${this.newest}:${this.bytes}`;
  }
}

/**
 * A session's parts from the JSON tree, read synchronously (the build worker's thread: no promise
 * per file) by the bulk reader's rules (readListedFileSync: never blocks, follows no symlink, stays
 * inside the tree, size cap) and parsed as the tree reader parses them (`failed`: a file that did
 * not read or parse), and the files' signature as treeSignaturesSync would give it (a file that
 * went away before it was read is left out of both).
 */
export function readTreePartsSync(storageRoot: string, rootReal: string, sessionID: string): { parts: Part[]; failed: boolean; signature: string } {
  const parts: Part[] = [];
  const signature = new TreeSignature();
  let failed = false;
  for (const file of partFilesOf(storageRoot, sessionID)) {
    let bytes: Buffer = Buffer.alloc(0);
    const read = readListedFileSync(file, rootReal, FILE_CAPS.jsonRecord, (b) => {
      bytes = b;
      return { start: 0, end: b.length };
    });
    if (read.ok) signature.add(read.mtimeMs, bytes.length);
    const record = treeRecordFromRead(read.ok ? { ok: true, bytes, mtimeMs: read.mtimeMs, version: read.version } : read);
    if (record.status === 'failed') failed = true;
    if (record.status !== 'ok') continue;
    const part = reshapePart(record.value);
    if (part.ok) parts.push(part.value);
    else failed = true;
  }
  return { parts, failed, signature: signature.toString() };
}

/** Per session: part files, newest modification and bytes (a stat of each; nothing is read). */
export function treeSignaturesSync(storageRoot: string, sessionIDs: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const id of sessionIDs) {
    const signature = new TreeSignature();
    for (const file of partFilesOf(storageRoot, id)) {
      const st = statSync(file, { throwIfNoEntry: false });
      if (st) signature.add(st.mtimeMs, st.size);
    }
    out.set(id, signature.toString());
  }
  return out;
}
