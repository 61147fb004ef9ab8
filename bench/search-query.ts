// Child process (run with --conditions=react-server): builds the search index of an OpenCode data
// folder in-process, restarts on it (nothing changed), then times the first page of hits for a set
// of queries, warm. Prints one JSON line.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { findDatabases } from '../lib/server/config';
import { SearchService, type SearchRequest } from '../lib/server/search/search-service';
import { createReaders } from '../lib/server/store/get-store';
import { Store } from '../lib/server/store/store';
import { median, quantile } from './lib/figures';

/** Words and phrases of the corpus's text pools: common, rare, prefixes, phrases, exclusions, filters. */
const QUERIES: { q: string; filters?: SearchRequest['filters'] }[] = [
  { q: 'watcher debounce' },
  { q: 'TimeoutError' },
  { q: 'coales' },
  { q: '"half-written part files"' },
  { q: 'ENOENT env' },
  { q: 'cache -reducer' },
  { q: 'session OR project' },
  { q: 'inflight deprecated', filters: { kinds: ['tool-output'] } },
  { q: 'failing test', filters: { role: 'assistant', kinds: ['reply', 'reasoning'] } },
  { q: 'zzzznothing' },
];

function open(dir: string, databases: string[], cacheDir: string) {
  const store = new Store(createReaders({ opencodeDir: dir, databases }));
  const search = new SearchService(store, store.start(), cacheDir);
  return { store, search };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { dir: { type: 'string' }, reps: { type: 'string', default: '20' } } });
  const dir = String(values.dir);
  const databases = findDatabases(dir).filter((f) => statSync(f, { throwIfNoEntry: false })?.isFile());
  const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-bench-search-'));
  try {
    let started = performance.now();
    const cold = open(dir, databases, cacheDir);
    await cold.search.idle();
    const buildMs = performance.now() - started;
    const progress = cold.search.progress();
    cold.search.close();
    cold.store.stop();
    started = performance.now();
    const warm = open(dir, databases, cacheDir);
    await warm.search.idle();
    const restartMs = performance.now() - started;
    const reread = warm.search.progress().total;
    const samples: number[] = [];
    const slowest: { q: string; ms: number; hits: number }[] = [];
    // The session with most hits for a common word: find-in-session's query.
    const one = (await warm.search.search({ q: 'session', filters: {}, limit: 1, offset: 0, order: 'rank' })).hits[0]?.sessionID;
    const queries = [...QUERIES, ...(one ? [{ q: 'test', filters: { session: one }, order: 'time' as const }] : [])];
    for (const query of queries) {
      const request: SearchRequest = { q: query.q, filters: query.filters ?? {}, limit: 20, offset: 0, order: 'order' in query ? query.order : 'rank' };
      for (let i = 0; i < 3; i++) await warm.search.search(request);
      const times: number[] = [];
      let hits = 0;
      for (let i = 0; i < Number(values.reps); i++) {
        const t = performance.now();
        hits = (await warm.search.search(request)).hits.length;
        times.push(performance.now() - t);
      }
      samples.push(...times);
      slowest.push({ q: `${query.q}${query.filters ? ` ${JSON.stringify(query.filters)}` : ''}`, ms: median(times), hits });
    }
    const file = warm.search.file;
    const db = (warm.search as unknown as { db: { prepare(sql: string): { get(): unknown } } }).db;
    const sizes = db.prepare("SELECT (SELECT count(*) FROM docs) AS docs, (SELECT sum(length(block)) FROM fts_data) AS fts, (SELECT page_count * page_size FROM pragma_page_count, pragma_page_size) AS file").get();
    const bytes = ['', '-wal'].reduce((n, s) => n + (statSync(`${file}${s}`, { throwIfNoEntry: false })?.size ?? 0), 0);
    const dataBytes = databases.reduce((n, f) => n + (statSync(f).size ?? 0), 0);
    warm.search.close();
    warm.store.stop();
    slowest.sort((a, b) => b.ms - a.ms);
    console.log(JSON.stringify({ sessions: progress.sessions, buildMs, restartMs, reread, median: median(samples), p99: quantile(samples, 0.99), samples: samples.length, perQuery: slowest, bytes, dataBytes, sizes }));
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
