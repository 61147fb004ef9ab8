import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { generateCorpus, type GenerateResult } from '../scripts/corpus/generate';
import { runChild } from './lib/child';
import { tempDir } from './lib/cleanup';
import { median, ms, report, sleep } from './lib/figures';
import { measureLive } from './lib/live-latency';
import { partWriter, type PartWriter } from './lib/part-writers';
import { getJson, peakRssMb, startServer, type RunningServer } from './lib/server';
import { benchSideBySide } from './side-by-side';

interface Floor {
  records: number;
  parts: number;
  recordsAt: number;
  readyAt: number;
}

interface Health {
  index: { phase: string };
}

const LIVE_WRITES = 40;

async function coldStart(server: RunningServer): Promise<{ firstAnswer: number; firstData: number; ready: number }> {
  const deadline = performance.now() + 15 * 60_000;
  let firstAnswer = Number.NaN;
  let firstData = Number.NaN;
  while (performance.now() < deadline && Number.isNaN(firstData)) {
    const r = await getJson<{ total: number }>(`${server.url}/api/sessions?limit=50`).catch(() => undefined);
    if (r?.status === 200) {
      if (Number.isNaN(firstAnswer)) firstAnswer = performance.now() - server.spawnedAt;
      if (r.body.total > 0) firstData = performance.now() - server.spawnedAt;
    }
    if (Number.isNaN(firstData)) await sleep(25);
  }
  let ready = Number.NaN;
  while (performance.now() < deadline && Number.isNaN(ready)) {
    const h = await getJson<Health>(`${server.url}/api/health`).catch(() => undefined);
    if (h?.body.index.phase === 'ready') ready = performance.now() - server.spawnedAt;
    else await sleep(50);
  }
  return { firstAnswer, firstData, ready };
}

async function timedFloor(format: string, dir: string): Promise<Floor & { wall: number }> {
  await runChild<Floor>('floor-read.ts', ['--format', format, '--dir', dir]);
  const started = performance.now();
  const floor = await runChild<Floor>('floor-read.ts', ['--format', format, '--dir', dir]);
  return { ...floor, wall: performance.now() - started };
}

async function liveMedian(server: RunningServer, writer: PartWriter): Promise<{ median: number; refetch: number }> {
  const live = await measureLive(server.url, writer, LIVE_WRITES, { refetch: true, budgetMs: 120_000 });
  return { median: live.median, refetch: median(live.refetch) };
}

/**
 * The first open of the 10,000-part session: its page of turns (the target), then its step chart's
 * own query. The first request of the route (module load) is made on another session first.
 */
async function hugeSession(url: string, hugeID: string, section: string): Promise<void> {
  const other = (await getJson<{ sessions: { id: string }[] }>(`${url}/api/sessions?limit=5`)).body.sessions.find((s) => s.id !== hugeID)?.id;
  if (other) {
    const warm = await getJson(`${url}/api/sessions/${other}`);
    const warmSteps = await getJson(`${url}/api/sessions/${other}/steps`);
    report({ section, name: 'first session page of the process (route loads; a small session)', value: ms(warm.ms), note: `its steps: ${ms(warmSteps.ms)}` });
  }
  const pages: number[] = [];
  const steps: number[] = [];
  for (let i = 0; i < 5; i++) {
    const r = await getJson<{ turns: unknown[] }>(`${url}/api/sessions/${hugeID}`);
    if (r.status !== 200) throw new Error(`/api/sessions/${hugeID}: HTTP ${r.status}`);
    const s = await getJson<{ partCount: number; steps: unknown[] }>(`${url}/api/sessions/${hugeID}/steps`);
    if (s.status !== 200) throw new Error(`/api/sessions/${hugeID}/steps: HTTP ${s.status}`);
    pages.push(r.ms);
    steps.push(s.ms);
    if (i === 0) {
      report({ section, name: `/api/sessions/[id], ${s.body.partCount} parts, first open (newest ${r.body.turns.length} turns)`, value: ms(r.ms), target: '< 300 ms', pass: r.ms < 300 });
      report({ section, name: `/api/sessions/[id]/steps (chart, ${s.body.steps.length} steps), first`, value: ms(s.ms), note: 'asked beside the page; the chart shows when it comes' });
    }
  }
  report({ section, name: '/api/sessions/[id], 10,000 parts, median of 5', value: ms(median(pages)), target: '< 300 ms', pass: median(pages) < 300 });
  report({ section, name: '/api/sessions/[id]/steps, median of 5', value: ms(median(steps)) });
}

/**
 * OpenCode not running: no -wal/-shm, so the server reads a private copy of the database. The
 * floor's read-only connection leaves those files behind: they are removed first (our corpus).
 */
async function notRunning(dir: string, home: string, floor: Floor, section: string): Promise<void> {
  for (const side of ['-wal', '-shm']) rmSync(path.join(dir, `opencode.db${side}`), { force: true });
  const server = await startServer(dir, home);
  try {
    const cold = await coldStart(server);
    const ratio = cold.firstData / floor.recordsAt;
    report({ section, name: 'OpenCode not running: first answer with sessions (read from the file; the copy is made after)', value: ms(cold.firstData), baseline: `${ms(floor.recordsAt)} floor`, ratio, target: '< 1.5x', pass: ratio < 1.5 });
    report({ section, name: 'OpenCode not running: index ready', value: ms(cold.ready), baseline: `${ms(floor.readyAt)} floor`, ratio: cold.ready / floor.readyAt });
  } finally {
    await server.stop();
  }
}

export async function benchScale(options: { corpus?: string; sessions: number; formats?: readonly ('json' | 'sqlite')[]; sections?: readonly string[] }): Promise<void> {
  let corpus: Pick<GenerateResult, 'jsonDir' | 'sqliteDir' | 'hugeSessionID'>;
  const work = tempDir('scale');
  if (options.corpus) {
    const manifest = path.join(options.corpus, 'corpus.json');
    const hugeID = existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as GenerateResult).hugeSessionID : undefined;
    corpus = { jsonDir: path.join(options.corpus, 'json'), sqliteDir: path.join(options.corpus, 'sqlite'), hugeSessionID: hugeID };
    if (!existsSync(corpus.jsonDir as string) || !existsSync(corpus.sqliteDir as string)) throw new Error(`--corpus ${options.corpus}: needs json/ and sqlite/ (npm run corpus -- --out DIR)`);
  } else {
    const made = generateCorpus({ out: path.join(work, 'full'), sessions: options.sessions, seed: 1 });
    report({ section: 'Corpus', name: `generate ${made.sessions} sessions, ${made.messages} messages, ${made.parts} parts (both formats)`, value: `${made.seconds.toFixed(0)} s`, target: 'a few minutes' });
    corpus = made;
  }
  const small = generateCorpus({ out: path.join(work, 'small'), sessions: Math.max(10, Math.round(options.sessions / 100)), seed: 2, hugeSessionParts: 100 });
  // Let the kernel write back what was just generated, so it does not stall the measurements.
  spawnSync('sync');
  const formats = options.formats?.length ? options.formats : (['json', 'sqlite'] as const);
  const want = (name: string): boolean => !options.sections?.length || options.sections.includes(name);
  // Issue 15's side-by-side table first (floor, ccusage, Sessionscope cold/ready/warm), both formats in one run.
  if (want('side')) {
    for (const format of formats) await benchSideBySide(format, format === 'json' ? (corpus.jsonDir as string) : (corpus.sqliteDir as string), options.sessions, work);
  }
  if (!want('live')) return;
  for (const format of formats) {
    const dir = format === 'json' ? (corpus.jsonDir as string) : (corpus.sqliteDir as string);
    const smallDir = format === 'json' ? (small.jsonDir as string) : (small.sqliteDir as string);
    const section = `Scale ${format}`;
    const floor = await timedFloor(format, dir);
    if (format === 'sqlite') await notRunning(dir, path.join(work, 'home-sqlite-closed'), floor, section);
    // From here on a writer holds the database open, as a running OpenCode does.
    const writer = partWriter(format, dir);
    const server = await startServer(dir, path.join(work, `home-${format}`));
    try {
      const cold = await coldStart(server);
      report({ section, name: 'first /api/sessions answer (any, while indexing)', value: ms(cold.firstAnswer), note: `process up and listening after ${ms(server.readyAt - server.spawnedAt)}` });
      const r1 = cold.firstData / floor.recordsAt;
      report({ section, name: format === 'sqlite' ? 'OpenCode running: first /api/sessions answer with sessions' : 'first /api/sessions answer with sessions', value: ms(cold.firstData), baseline: `${ms(floor.recordsAt)} floor: read+parse ${floor.records} session/message records`, ratio: r1, target: '< 1.5x', pass: r1 < 1.5 });
      const r2 = cold.ready / floor.readyAt;
      report({ section, name: 'index ready (/api/health index.phase)', value: ms(cold.ready), baseline: `${ms(floor.readyAt)} floor: + ${floor.parts} tail parts`, ratio: r2 });
      report({ section, name: 'peak RSS after indexing (VmHWM)', value: `${peakRssMb(server).toFixed(0)} MB`, target: '< 600 MB', pass: peakRssMb(server) < 600 });
      if (corpus.hugeSessionID) await hugeSession(server.url, corpus.hugeSessionID, section);
      if (format === 'sqlite') {
        const stats: number[] = [];
        for (let i = 0; i < 3; i++) stats.push((await getJson(`${server.url}/api/stats?groupBy=day`)).ms);
        report({ section, name: '/api/stats?groupBy=day over HTTP', value: ms(median(stats)), note: 'whole reference corpus' });
      }
      const full = await liveMedian(server, writer);
      report({ section, name: 'peak RSS at the end (VmHWM)', value: `${peakRssMb(server).toFixed(0)} MB`, target: '< 600 MB', pass: peakRssMb(server) < 600 });
      await server.stop();
      writer.close();
      const smallWriter = partWriter(format, smallDir);
      const smallServer = await startServer(smallDir, path.join(work, `home-small-${format}`));
      try {
        await coldStart(smallServer);
        const one = await liveMedian(smallServer, smallWriter);
        const ratio = full.median / one.median;
        report({ section, name: 'live update, full corpus (median)', value: ms(full.median), baseline: `${ms(one.median)} with 1%`, ratio, target: '< 2x', pass: ratio < 2 });
        const ratio2 = full.refetch / one.refetch;
        report({ section, name: 'then /api/sessions?limit=50 refetch (median)', value: ms(full.refetch), baseline: `${ms(one.refetch)} with 1%`, ratio: ratio2 });
      } finally {
        smallWriter.close();
        await smallServer.stop();
      }
    } finally {
      await server.stop();
      try {
        writer.close();
      } catch {
        // Already closed.
      }
    }
  }
}
