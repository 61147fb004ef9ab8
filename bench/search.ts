import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { generateCorpus } from '../scripts/corpus/generate';
import { runChild } from './lib/child';
import { tempDir } from './lib/cleanup';
import { median, ms, quantile, report, sleep } from './lib/figures';
import { partWriter } from './lib/part-writers';
import { getJson, startServer } from './lib/server';

interface QueryResult {
  sessions: number;
  buildMs: number;
  restartMs: number;
  reread: number;
  median: number;
  p99: number;
  samples: number;
  perQuery: { q: string; ms: number; hits: number }[];
  bytes: number;
  dataBytes: number;
}

interface SearchBody {
  hits: unknown[];
  progress: { phase: string };
}

/** Search: first page of hits warm (median, p99), build and restart of the index, its size; a write searchable (through the server). */
export async function benchSearch(options: { sessions: number; writes: number; dataDir?: string; label?: string }): Promise<void> {
  let dataDir = options.dataDir;
  if (!dataDir) {
    const corpus = generateCorpus({ out: tempDir('search'), sessions: options.sessions, hugeSessionParts: 0, seed: 31, format: 'sqlite' });
    spawnSync('sync');
    dataDir = corpus.sqliteDir as string;
    console.log(`search: corpus ${corpus.sessions} sessions, ${corpus.messages} messages, ${corpus.parts} parts`);
  }
  const label = options.label ?? `${options.sessions} sessions`;
  const r = await runChild<QueryResult>('search-query.ts', ['--dir', dataDir, '--reps', '20'], 30 * 60_000);
  const slowest = r.perQuery[0];
  report({ section: 'Search', name: `first page of hits, warm, median (${label})`, value: ms(r.median), target: '≤ 100 ms', pass: r.median <= 100, note: `${r.samples} queries of ${r.perQuery.length} kinds` });
  report({ section: 'Search', name: `first page of hits, warm, p99 (${label})`, value: ms(r.p99), target: '≤ 300 ms', pass: r.p99 <= 300, note: slowest ? `slowest: ${slowest.q} ${ms(slowest.ms)} median` : undefined });
  report({ section: 'Search', name: `index built from nothing (${label})`, value: ms(r.buildMs), note: `${r.sessions} sessions indexed, off the request path` });
  report({ section: 'Search', name: `restart with nothing changed (${label})`, value: ms(r.restartMs), note: `${r.reread} sessions read again` });
  const share = r.bytes / r.dataBytes;
  report({ section: 'Search', name: `index size (${label})`, value: `${(r.bytes / 2 ** 20).toFixed(1)} MB`, baseline: `${(r.dataBytes / 2 ** 20).toFixed(1)} MB data`, ratio: share, target: '≤ 0.25x', pass: share <= 0.25 });
  if (options.writes > 0) await searchableAfterWrite(dataDir, options.writes);
}

/** A part written the way OpenCode writes it, until `GET /api/search` finds it. */
async function searchableAfterWrite(dataDir: string, writes: number): Promise<void> {
  const writer = partWriter('sqlite', dataDir);
  const server = await startServer(dataDir, path.join(tempDir('search-home'), 'home'));
  try {
    const ask = (q: string) => getJson<SearchBody>(`${server.url}/api/search?q=${encodeURIComponent(q)}&limit=1`);
    for (let i = 0; i < 1_200 && (await ask('bench')).body.progress.phase !== 'ready'; i++) await sleep(100);
    writer.begin();
    await sleep(1_000);
    const latencies: number[] = [];
    let timeouts = 0;
    for (let i = 0; i < writes; i++) {
      const started = performance.now();
      const { what } = writer.write(i);
      let found = false;
      while (!found && performance.now() - started < 5_000) {
        found = (await ask(`"bench ${what === 'update' ? 'update' : 'write'} ${i}"`)).body.hits.length > 0;
        if (!found) await sleep(5);
      }
      if (found) latencies.push(performance.now() - started);
      else timeouts++;
    }
    const p50 = median(latencies);
    report({ section: 'Search', name: 'a write searchable (write -> /api/search finds it), median', value: ms(p50), target: '≤ 1 s', pass: p50 <= 1_000 && timeouts === 0, note: `${latencies.length} writes${timeouts ? `, ${timeouts} not found in 5 s` : ''}` });
    report({ section: 'Search', name: 'a write searchable, p99', value: ms(quantile(latencies, 0.99)), target: '≤ 1 s', pass: quantile(latencies, 0.99) <= 1_000 });
  } finally {
    writer.close();
    await server.stop();
  }
}
