import 'server-only';
import { closeSync, readSync } from 'node:fs';
import path from 'node:path';
import { openDataFileSync } from '@/lib/server/fs/open-data-file';

export type SqlValue = null | number | string | Uint8Array;

export interface ScannedRow {
  rowid: number;
  values: SqlValue[];
}

export interface SchemaEntry {
  type: string;
  name: string;
  rootPage: number;
  sql: string;
}

const MAGIC = 'SQLite format 3\0';
const INTERIOR_TABLE = 0x05;
const LEAF_TABLE = 0x0d;

/**
 * Reads the table b-trees of an SQLite database file directly (https://sqlite.org/fileformat.html):
 * a plain read-only file descriptor, so no lock is taken and no `-wal`/`-shm` is created next to
 * the file, which SQLite itself does for a WAL database that no one has open. Only for a database
 * no one is writing (no `-wal`): the caller checks that the file did not change while it read.
 *
 * A hostile or corrupt file cannot make it loop or run long: the file is opened only if it is a
 * regular file inside its folder (never blocking), and every page is read at most once per
 * instance (one scan): a page reached twice, by the tree or an overflow chain, is corruption.
 */
export class SqliteFile {
  readonly pageSize: number;
  private readonly usable: number;
  private readonly pageCount: number;
  private readonly fd: number;
  /** Pages read so far in this scan, one byte each. */
  private readonly visited: Uint8Array;

  constructor(file: string) {
    const opened = openDataFileSync(file, path.dirname(file));
    this.fd = opened.fd;
    try {
      const header = Buffer.alloc(100);
      if (readSync(this.fd, header, 0, 100, 0) < 100 || header.toString('latin1', 0, 16) !== MAGIC) throw new Error('not an SQLite 3 database');
      const size = header.readUInt16BE(16);
      this.pageSize = size === 1 ? 65_536 : size;
      if (this.pageSize < 512 || (this.pageSize & (this.pageSize - 1)) !== 0) throw new Error(`bad page size ${size}`);
      this.usable = this.pageSize - header.readUInt8(20);
      // Text encoding 1 = UTF-8 (0 in an empty file); UTF-16 databases are left to SQLite.
      const encoding = header.readUInt32BE(56);
      if (encoding !== 1 && encoding !== 0) throw new Error(`text encoding ${encoding} is not UTF-8`);
      this.pageCount = Math.floor(opened.stats.size / this.pageSize);
      this.visited = new Uint8Array(this.pageCount + 1);
    } catch (error) {
      closeSync(this.fd);
      throw error;
    }
  }

  close(): void {
    closeSync(this.fd);
  }

  /** Tables and indexes, from the schema table (rooted at page 1). */
  schema(): SchemaEntry[] {
    const out: SchemaEntry[] = [];
    for (const row of this.rows(1)) {
      const [type, name, , rootPage, sql] = row.values;
      if (typeof type === 'string' && typeof name === 'string' && typeof rootPage === 'number') out.push({ type, name, rootPage, sql: typeof sql === 'string' ? sql : '' });
    }
    return out;
  }

  /** Every row of the table rooted at `rootPage`, in rowid order. */
  *rows(rootPage: number): Generator<ScannedRow> {
    const stack = [rootPage];
    while (stack.length > 0) {
      const number = stack.pop() as number;
      const page = this.page(number);
      const at = number === 1 ? 100 : 0;
      const kind = page.readUInt8(at);
      const cells = page.readUInt16BE(at + 3);
      if (kind === INTERIOR_TABLE) {
        const children: number[] = [];
        for (let i = 0; i < cells; i++) children.push(page.readUInt32BE(page.readUInt16BE(at + 12 + 2 * i)));
        children.push(page.readUInt32BE(at + 8));
        for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as number);
      } else if (kind === LEAF_TABLE) {
        for (let i = 0; i < cells; i++) yield this.cell(page, page.readUInt16BE(at + 8 + 2 * i));
      } else {
        throw new Error(`page ${number} is not a table b-tree page (type ${kind})`);
      }
    }
  }

  /** Page `number`, once: the second read of a page in one scan means the page graph loops. */
  private page(number: number): Buffer {
    if (!Number.isInteger(number) || number < 1 || number > this.pageCount) throw new Error(`page ${number} is outside the file`);
    if (this.visited[number]) throw new Error(`page ${number} is reached twice (corrupt file)`);
    this.visited[number] = 1;
    const page = Buffer.allocUnsafe(this.pageSize);
    if (readSync(this.fd, page, 0, this.pageSize, (number - 1) * this.pageSize) < this.pageSize) throw new Error(`page ${number} is short`);
    return page;
  }

  private cell(page: Buffer, at: number): ScannedRow {
    const [size, afterSize] = varint(page, at);
    const [rowid, start] = varint(page, afterSize);
    return { rowid, values: decodeRecord(this.payload(page, start, size)) };
  }

  /** A cell's payload, followed through its overflow pages when it does not fit the page. */
  private payload(page: Buffer, start: number, size: number): Buffer {
    const u = this.usable;
    const maxLocal = u - 35;
    if (size <= maxLocal) return page.subarray(start, start + size);
    // More than the whole file could hold: corrupt (and it must not size a buffer).
    if (size > this.pageCount * u) throw new Error(`cell of ${size} bytes is larger than the file (corrupt file)`);
    const minLocal = Math.floor(((u - 12) * 32) / 255) - 23;
    const k = minLocal + ((size - minLocal) % (u - 4));
    const local = k <= maxLocal ? k : minLocal;
    const out = Buffer.allocUnsafe(size);
    page.copy(out, 0, start, start + local);
    let next = page.readUInt32BE(start + local);
    let filled = local;
    while (filled < size) {
      const overflow = this.page(next);
      const n = Math.min(u - 4, size - filled);
      overflow.copy(out, filled, 4, 4 + n);
      filled += n;
      next = overflow.readUInt32BE(0);
    }
    return out;
  }
}

/** SQLite's variable-length integer: 1 to 9 bytes, big-endian, 7 bits a byte (8 in the ninth). */
export function varint(buffer: Buffer, at: number): [number, number] {
  let value = 0;
  for (let i = 0; i < 8; i++) {
    const byte = buffer.readUInt8(at + i);
    value = value * 128 + (byte & 0x7f);
    if (byte < 0x80) return [value, at + i + 1];
  }
  return [value * 256 + buffer.readUInt8(at + 8), at + 9];
}

const INT_BYTES = [0, 1, 2, 3, 4, 6, 8];

/** A record: a header of serial types, then the values (https://sqlite.org/fileformat.html#record_format). */
export function decodeRecord(payload: Buffer): SqlValue[] {
  const [headerSize, first] = varint(payload, 0);
  const types: number[] = [];
  for (let at = first; at < headerSize; ) {
    const [type, next] = varint(payload, at);
    types.push(type);
    at = next;
  }
  const values: SqlValue[] = [];
  let at = headerSize;
  for (const type of types) {
    if (type === 0) values.push(null);
    else if (type <= 6) {
      const n = INT_BYTES[type] as number;
      values.push(n === 8 ? Number(payload.readBigInt64BE(at)) : payload.readIntBE(at, n));
      at += n;
    } else if (type === 7) {
      values.push(payload.readDoubleBE(at));
      at += 8;
    } else if (type === 8 || type === 9) values.push(type - 8);
    else if (type >= 12) {
      const n = Math.floor((type - 12) / 2);
      if (at + n > payload.length) throw new Error('record runs past its payload (corrupt)');
      values.push(type % 2 === 1 ? payload.toString('utf8', at, at + n) : Uint8Array.from(payload.subarray(at, at + n)));
      at += n;
    } else throw new Error(`reserved serial type ${type}`);
  }
  return values;
}
