import 'server-only';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { searchIndexProblem } from './search-db';
import { SearchIndex } from './search-index';
import type { QueryReply, QueryRequest } from './query-runner';

/*
 * The search queries' worker (node:worker_threads, bundled by Next as its own chunk): FTS5 ranks
 * every match before the first row comes, seconds for a common word over 200,000 documents, and
 * on the server's thread that held every other request. Read-only connection to the index file.
 */
const port = parentPort;
if (port) {
  const { file, stallMs, check } = workerData as { file: string; stallMs: number; check?: boolean };
  const stall = new Int32Array(new SharedArrayBuffer(4));
  const db = new Database(file, { readonly: true, fileMustExist: true, timeout: 2_000 });
  db.pragma('query_only = ON');
  // A check worker: reads the whole index once, says what is wrong with it, and ends.
  if (check) {
    let problem: string | undefined;
    try {
      problem = searchIndexProblem(db);
    } catch (error) {
      problem = (error as Error)?.message ?? String(error);
    }
    port.postMessage({ problem });
    db.close();
    port.close();
  }
  const index = new SearchIndex(db);
  if (!check) port.on('message', (request: QueryRequest) => {
    let reply: QueryReply;
    // The tests' endless search: this thread is held, as by a query ranking millions of matches.
    if (stallMs > 0) Atomics.wait(stall, 0, 0, stallMs);
    try {
      reply = { id: request.id, page: index.query(request.match, request.filters, request.page) };
    } catch (error) {
      reply = { id: request.id, error: (error as Error)?.message ?? String(error), code: (error as { code?: unknown })?.code as string | undefined };
    }
    port.postMessage(reply);
  });
}
