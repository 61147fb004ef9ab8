// Issue 15's table in one run: the read-and-sum floor, ccusage (devDependency, pinned) and
// Sessionscope (cold, ready, warm restart, warm after 1% new sessions, peak RSS, extra disk) on one
// corpus format, as ratios against the targets.
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { runCcusage } from './lib/ccusage';
import { runChild } from './lib/child';
import { bytesUnder, settledCache } from './lib/cold-memory';
import { ms, report, sleep } from './lib/figures';
import { addOnePercent } from './lib/one-percent';
import { getJson, peakRssMb, startServer, type RunningServer } from './lib/server';

export interface Floor {
  recordsAt: number;
  readyAt: number;
  cost: number;
  tokens: number;
  assistants: number;
}

interface Figure {
  storedCost: number;
  messages: number;
  tokens: { input: number; output: number; reasoning: number; cacheRead: number; cacheWrite: number };
}

/** Bytes of the files directly in `dir` whose name starts with `prefix`. */
function bytesUnderPrefix(dir: string, prefix: string): number {
  try {
    return readdirSync(dir, { withFileTypes: true }).filter((e) => e.isFile() && e.name.startsWith(prefix)).reduce((n, e) => n + statSync(path.join(dir, e.name)).size, 0);
  } catch {
    return 0;
  }
}

export function removeSideFiles(format: string, dir: string): void {
  if (format === 'sqlite') for (const side of ['-wal', '-shm']) rmSync(path.join(dir, `opencode.db${side}`), { force: true });
}

/** ccusage's OpenCode daily report as JSON, timed from its spawn; peak RSS from GNU time. */
export async function ccusageOpencode(dir: string, home: string): Promise<{ ms: number; rssMb: number; cost: number }> {
  const run = await runCcusage<{ totals?: { totalCost?: number } }>(['opencode', 'daily', '--json', '--offline'], { HOME: home, OPENCODE_DATA_DIR: dir, XDG_DATA_HOME: '', XDG_CONFIG_HOME: '' });
  return { ms: run.ms, rssMb: run.rssMb, cost: run.output.totals?.totalCost ?? Number.NaN };
}

const correct = (total: Figure, floor: Floor): boolean => {
  const t = total.tokens;
  const tokens = t.input + t.output + t.reasoning + t.cacheRead + t.cacheWrite;
  return total.messages === floor.assistants && tokens === floor.tokens && Math.abs(total.storedCost - floor.cost) <= 1e-6 * Math.max(1, floor.cost);
};

/** Spawn → first `/api/stats` whose total is marked complete and equals the floor's sum; then → health "ready" (the store), and with the search index too. */
export async function firstCorrectTotal(server: RunningServer, floor: Floor): Promise<{ correct: number; ready: number; searchReady: number; last?: Figure }> {
  const deadline = performance.now() + 10 * 60_000;
  let correctAt = Number.NaN;
  let last: Figure | undefined;
  while (performance.now() < deadline && Number.isNaN(correctAt)) {
    const r = await getJson<{ total: Figure; complete: boolean }>(`${server.url}/api/stats?groupBy=model`).catch(() => undefined);
    if (r?.status === 200) {
      last = r.body.total;
      // What a page shows first: the total it no longer marks "counting…", and equal to the floor's sum.
      if (r.body.complete && correct(last, floor)) correctAt = performance.now() - server.spawnedAt;
    }
    if (Number.isNaN(correctAt)) await sleep(25);
  }
  return { correct: correctAt, ...(await readyAndSearchReady(server, deadline)), last };
}

/** Spawn → the store's first read done (`ready`) and search ready, from `/api/health` asked every 100 ms. */
export async function readyAndSearchReady(server: RunningServer, deadline = performance.now() + 10 * 60_000): Promise<{ ready: number; searchReady: number }> {
  let ready = Number.NaN;
  let searchReady = Number.NaN;
  while (performance.now() < deadline && Number.isNaN(searchReady)) {
    const h = await getJson<{ index: { phase: string }; search?: { phase: string } }>(`${server.url}/api/health`).catch(() => undefined);
    const now = performance.now() - server.spawnedAt;
    if (h?.body.index.phase === 'ready' && Number.isNaN(ready)) ready = now;
    if (h?.body.index.phase === 'ready' && (h.body.search?.phase ?? 'ready') === 'ready') searchReady = now;
    else await sleep(100);
  }
  return { ready, searchReady };
}

/**
 * Spawn → the first complete `/api/stats` answer of a server with no data at all: what the server's
 * own start costs before a record is read (the better of two starts: the first warms the system's
 * file cache of Next's modules, as the runs above had).
 */
async function emptyStart(work: string): Promise<number> {
  const empty = path.join(work, 'empty-data');
  mkdirSync(empty, { recursive: true });
  const times: number[] = [];
  for (let i = 0; i < 2; i++) {
    const server = await startServer(empty, path.join(work, `home-empty-${i}`));
    try {
      for (;;) {
        const r = await getJson<{ complete: boolean }>(`${server.url}/api/stats?groupBy=model`).catch(() => undefined);
        if (r?.status === 200 && r.body.complete) break;
        await sleep(25);
      }
      times.push(performance.now() - server.spawnedAt);
    } finally {
      await server.stop();
    }
  }
  return Math.min(...times);
}

export async function benchSideBySide(format: 'json' | 'sqlite', dir: string, sessions: number, work: string): Promise<void> {
  const section = `Issue 15 ${format}`;
  const dataBytes = bytesUnder(dir);
  removeSideFiles(format, dir);
  await runChild<Floor>('floor-read.ts', ['--format', format, '--dir', dir]);
  const floor = await runChild<Floor>('floor-read.ts', ['--format', format, '--dir', dir]);
  const cc = await ccusageOpencode(dir, path.join(work, `cc-home-${format}`));
  removeSideFiles(format, dir);
  const floorMs = floor.recordsAt;
  report({ section, name: 'read-and-sum floor (spawn → every message read and summed)', value: ms(floorMs), note: `${floor.assistants} assistant messages, $${floor.cost.toFixed(2)} stored` });
  report({ section, name: 'ccusage 20.0.24 opencode daily --json --offline', value: ms(cc.ms), baseline: `${ms(floorMs)} floor`, ratio: cc.ms / floorMs, note: `peak RSS ${cc.rssMb.toFixed(0)} MB; $${cc.cost.toFixed(2)} (LiteLLM prices)` });

  const bare = await emptyStart(work);
  report({ section, name: 'Sessionscope on no data at all: first complete /api/stats answer (the server’s own start)', value: ms(bare), baseline: `${ms(floorMs)} floor`, ratio: bare / floorMs, note: `a warm restart ≤ 0.3x is ${ms(0.3 * floorMs)}` });

  const home = path.join(work, `home-side-${format}`);
  const cache = path.join(home, '.cache');
  const cold = await startServer(dir, home);
  let coldRun: Awaited<ReturnType<typeof firstCorrectTotal>>;
  try {
    coldRun = await firstCorrectTotal(cold, floor);
    const disk = await settledCache(cache);
    const rss = peakRssMb(cold);
    const r = coldRun.correct / floorMs;
    report({ section, name: 'Sessionscope cold: first correct /api/stats total', value: ms(coldRun.correct), baseline: `${ms(floorMs)} floor; ccusage ${ms(cc.ms)}`, ratio: r, target: '≤ 1.5x and < ccusage', pass: r <= 1.5 && coldRun.correct < cc.ms, note: Number.isNaN(coldRun.correct) ? `last total: ${JSON.stringify(coldRun.last)}` : undefined });
    report({ section, name: 'Sessionscope cold: store ready (health index.phase)', value: ms(coldRun.ready), baseline: `${ms(floorMs)} floor`, ratio: coldRun.ready / floorMs });
    report({ section, name: 'Sessionscope cold: ready, search index included (health search.phase)', value: ms(coldRun.searchReady), baseline: `${ms(floorMs)} floor`, ratio: coldRun.searchReady / floorMs, target: '≤ 3x', pass: coldRun.searchReady / floorMs <= 3 });
    report({ section, name: 'Sessionscope peak RSS after ready, search included (VmHWM)', value: `${rss.toFixed(0)} MB`, baseline: `ccusage ${cc.rssMb.toFixed(0)} MB`, target: '≤ 300 MB', pass: rss <= 300 });
    const summary = bytesUnder(path.join(cache, 'sessionscope')) - bytesUnderPrefix(path.join(cache, 'sessionscope'), 'search');
    report({ section, name: 'extra disk: the summary index', value: `${(summary / 2 ** 20).toFixed(0)} MB`, baseline: `${(dataBytes / 2 ** 20).toFixed(0)} MB data`, ratio: summary / dataBytes });
    report({ section, name: 'extra disk: the cache folder after ready (summary + search indexes)', value: `${(disk / 2 ** 20).toFixed(0)} MB`, baseline: `${(dataBytes / 2 ** 20).toFixed(0)} MB data`, ratio: disk / dataBytes, target: '≤ 0.25x', pass: disk / dataBytes <= 0.25 });
  } finally {
    await cold.stop();
  }
  removeSideFiles(format, dir);
  const warm = await startServer(dir, home);
  try {
    const run = await firstCorrectTotal(warm, floor);
    const r = run.correct / floorMs;
    report({ section, name: 'Sessionscope warm restart, nothing changed: first correct total', value: ms(run.correct), baseline: `${ms(floorMs)} floor`, ratio: r, target: '≤ 0.3x', pass: r <= 0.3 });
  } finally {
    await warm.stop();
  }
  const undo = addOnePercent(format, dir, sessions);
  try {
    removeSideFiles(format, dir);
    const grown = await runChild<Floor>('floor-read.ts', ['--format', format, '--dir', dir]);
    removeSideFiles(format, dir);
    const after = await startServer(dir, home);
    try {
      const run = await firstCorrectTotal(after, grown);
      const r = run.correct / floorMs;
      report({ section, name: 'Sessionscope warm restart after 1% new sessions: first correct total', value: ms(run.correct), baseline: `${ms(floorMs)} floor`, ratio: r, target: '≤ 0.5x', pass: r <= 0.5 });
    } finally {
      await after.stop();
    }
  } finally {
    undo();
    removeSideFiles(format, dir);
  }
}
