import 'server-only';
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { SIGNATURE_KEY } from '@/lib/server/index-cache/cache-writer';
import type { IndexLocation } from '@/lib/server/index-cache/index-cache';
import { carriedWhole } from './carried-whole';
import { encodeMessageInfos, transferables, type Encodable, type ScanReply } from './scanned-messages';

/*
 * A restart's read of the summary index on a worker thread (bundled by Next as its own chunk): the
 * messages the index kept for a database are read and parsed here, beside the server's start, and
 * reach the main thread as columns, in key order, a page at a time. The main thread still decides
 * which of them stand (versions against the database's keys): this only reads.
 */
const port = parentPort;
if (port) {
  const { location, chunk } = workerData as { location: IndexLocation; chunk: number };
  let db: Database.Database | undefined;
  try {
    db = new Database(location.file, { readonly: true, fileMustExist: true, timeout: 5_000 });
    const page = db.prepare('SELECT key, version, value FROM entry WHERE source = ? AND key > ? ORDER BY key LIMIT ?').raw();
    for (let after = SIGNATURE_KEY; ; ) {
      const rows = page.all(location.source, after, chunk) as [string, string, string][];
      const taken: Encodable[] = [];
      const versions: string[] = [];
      const raw: [string, string, string][] = [];
      for (const entry of rows) {
        const [key, version, value] = entry;
        let parsed: unknown;
        try {
          parsed = JSON.parse(value);
        } catch {
          parsed = undefined;
        }
        if (carriedWhole(parsed, key)) {
          taken.push({ message: parsed, rowid: Number.parseInt(version, 10) || 0, updated: null });
          versions.push(version);
        } else raw.push(entry);
      }
      const encoded = encodeMessageInfos(taken);
      after = rows.at(-1)?.[0] ?? after;
      port.postMessage({ type: 'chunk', chunk: encoded, index: { versions, raw, lastKey: after } } satisfies ScanReply, transferables(encoded));
      if (rows.length < chunk) break;
    }
    port.postMessage({ type: 'done' } satisfies ScanReply);
  } catch (error) {
    port.postMessage({ type: 'error', message: (error as Error).message || String(error) } satisfies ScanReply);
  } finally {
    db?.close();
  }
}
