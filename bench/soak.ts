import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateCorpus } from '../scripts/corpus/generate';
import { tempDir } from './lib/cleanup';
import { report, sleep } from './lib/figures';
import { partWriter } from './lib/part-writers';
import { startServer, type RunningServer } from './lib/server';
import { SseClient } from './lib/sse-client';

const PROBE = pathToFileURL(path.join(import.meta.dirname, 'lib', 'heap-probe.mjs')).href;
const MB = 1024 * 1024;

/** The live heap of a server started with the heap probe: collected twice, then measured. */
async function liveHeapMb(server: RunningServer): Promise<number> {
  const line = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no heap-probe line in 30 s')), 30_000);
    const onData = (chunk: Buffer): void => {
      const match = /heap-probe (\{.*\})/.exec(chunk.toString());
      if (!match?.[1]) return;
      clearTimeout(timer);
      server.child.stderr?.off('data', onData);
      resolve((JSON.parse(match[1]) as { heapUsed: number }).heapUsed / MB);
    };
    server.child.stderr?.on('data', onData);
  });
  server.child.kill('SIGUSR2');
  return line;
}

async function untilReady(url: string): Promise<void> {
  for (;;) {
    const health = (await (await fetch(`${url}/api/health`)).json()) as { index: { phase: string }; search?: { phase: string } };
    if (health.index.phase === 'ready' && (health.search?.phase ?? 'ready') === 'ready') return;
    await sleep(200);
  }
}

/** What an open overview and session page ask for (their queries), once. */
async function browse(url: string, sessionIDs: readonly string[]): Promise<void> {
  const paths = ['/api/stats?groupBy=day', '/api/stats?groupBy=model', '/api/sessions?limit=50', '/api/projects', '/api/health', '/api/search?q=bench+write'];
  for (const id of sessionIDs) paths.push(`/api/sessions/${id}`, `/api/sessions/${id}/steps`);
  for (const p of paths) await (await fetch(url + p)).arrayBuffer();
}

/**
 * A dashboard left open while an agent works (`npm run bench -- --only soak [--minutes N]`), on
 * each of OpenCode's stores: written 20 times a second (new parts, rewritten parts, a new message in
 * each of 4 sessions every 200 writes), the event stream open and the pages' queries asked every
 * second. The live heap is measured after a minute (every route loaded) and at the end, then
 * compared with a fresh dashboard that read the same data and opened the same pages.
 */
export async function benchSoak(minutes: number): Promise<void> {
  const dir = tempDir('soak');
  const corpus = generateCorpus({ out: dir, sessions: 300, hugeSessionParts: 0, seed: 31 });
  spawnSync('sync');
  for (const format of ['sqlite', 'json'] as const) await soakOne(format, format === 'json' ? (corpus.jsonDir as string) : (corpus.sqliteDir as string), path.join(dir, format), minutes);
}

async function soakOne(format: 'json' | 'sqlite', dataDir: string, dir: string, minutes: number): Promise<void> {
  const server = await startServer(dataDir, path.join(dir, 'home'), ['--import', PROBE]);
  const writer = partWriter(format, dataDir);
  let sse: SseClient | undefined;
  let writes = 0;
  let stop = false;
  let targets: string[] = [];
  try {
    await untilReady(server.url);
    sse = await SseClient.connect(`${server.url}/api/events`);
    targets = writer.begin().map((t) => t.sessionID);
    const writing = (async () => {
      while (!stop) {
        writer.write(writes++);
        if (writes % 200 === 0) writer.begin();
        await sleep(50);
      }
    })();
    const browsing = (async () => {
      while (!stop) {
        await browse(server.url, targets);
        await sleep(1_000);
      }
    })();
    await sleep(60_000);
    const early = { heap: await liveHeapMb(server), writes };
    await sleep((minutes - 1) * 60_000);
    const late = { heap: await liveHeapMb(server), writes };
    stop = true;
    await Promise.all([writing, browsing]);
    const perThousand = ((late.heap - early.heap) / (late.writes - early.writes)) * 1_000;
    console.log(`soak ${format}: ${late.writes} writes in ${minutes} min; live heap ${early.heap.toFixed(1)} MB after 1 min, ${late.heap.toFixed(1)} MB at the end`);
    report({ section: 'Soak', name: `${format}: live heap growth while an agent writes (min 1 → ${minutes})`, value: `${perThousand.toFixed(2)} MB per 1,000 writes`, note: `${early.heap.toFixed(1)} → ${late.heap.toFixed(1)} MB over ${late.writes - early.writes} writes` });
    // A fresh dashboard on the data as it now is, the same pages opened: what the soaked one should hold.
    const fresh = await startServer(dataDir, path.join(dir, 'home-fresh'), ['--import', PROBE]);
    try {
      await untilReady(fresh.url);
      await browse(fresh.url, targets);
      const freshHeap = await liveHeapMb(fresh);
      const ratio = late.heap / freshHeap;
      report({ section: 'Soak', name: `${format}: live heap after ${minutes} min of writes, against a fresh start on the same data`, value: `${late.heap.toFixed(1)} MB`, baseline: `${freshHeap.toFixed(1)} MB fresh`, ratio, target: '≤ 1.25x', pass: ratio <= 1.25 });
    } finally {
      await fresh.stop();
    }
  } finally {
    stop = true;
    sse?.close();
    writer.close();
    await server.stop();
  }
}
