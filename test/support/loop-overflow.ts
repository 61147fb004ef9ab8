import Database from 'better-sqlite3';
import { readFileSync, writeFileSync } from 'node:fs';
import { varint } from '@/lib/server/readers/opencode/sqlite/file-scan/sqlite-file';

/**
 * Corrupts a database file the way issue 16 found quadratic: every overflowing cell of `table`
 * points at one overflow page, whose "next" points at itself (a loop shared across cells).
 * `pick` chooses which of the cells' first overflow pages becomes the loop. Returns the cells changed.
 */
export function loopOverflowChains(file: string, table: string, pick = 0): number {
  const db = new Database(file, { readonly: true });
  const root = (db.prepare('SELECT rootpage FROM sqlite_master WHERE name = ?').get(table) as { rootpage: number }).rootpage;
  db.close();
  const bytes = readFileSync(file);
  const raw = bytes.readUInt16BE(16);
  const pageSize = raw === 1 ? 65_536 : raw;
  const usable = pageSize - bytes.readUInt8(20);
  const maxLocal = usable - 35;
  const minLocal = Math.floor(((usable - 12) * 32) / 255) - 23;
  const pointers: number[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const number = stack.pop() as number;
    const base = (number - 1) * pageSize;
    const at = base + (number === 1 ? 100 : 0);
    const kind = bytes.readUInt8(at);
    const cells = bytes.readUInt16BE(at + 3);
    if (kind === 0x05) {
      for (let i = 0; i < cells; i++) stack.push(bytes.readUInt32BE(base + bytes.readUInt16BE(at + 12 + 2 * i)));
      stack.push(bytes.readUInt32BE(at + 8));
      continue;
    }
    for (let i = 0; i < cells; i++) {
      const cell = base + bytes.readUInt16BE(at + 8 + 2 * i);
      const [size, afterSize] = varint(bytes, cell);
      const [, start] = varint(bytes, afterSize);
      if (size <= maxLocal) continue;
      const k = minLocal + ((size - minLocal) % (usable - 4));
      pointers.push(start + (k <= maxLocal ? k : minLocal));
    }
  }
  const first = pointers[pick % Math.max(1, pointers.length)];
  if (first === undefined) return 0;
  const loop = bytes.readUInt32BE(first);
  for (const at of pointers) bytes.writeUInt32BE(loop, at);
  bytes.writeUInt32BE(loop, (loop - 1) * pageSize);
  writeFileSync(file, bytes);
  return pointers.length;
}
