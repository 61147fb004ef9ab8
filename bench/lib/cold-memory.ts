// Issue 26's memory and cache figures of a cold server, taken once its search is ready.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { report, sleep } from './figures';
import { peakRssMb, rssMb, type RunningServer } from './server';

/** Bytes under `dir` (files only). */
export function bytesUnder(dir: string): number {
  let total = 0;
  try {
    for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) if (e.isFile()) total += statSync(path.join(e.parentPath, e.name)).size;
  } catch {
    // Nothing there.
  }
  return total;
}

/** Waits until the cache folder's size holds still for a second (WAL checkpoints, the old index removed). */
export async function settledCache(cache: string): Promise<number> {
  let before = -1;
  for (let i = 0; i < 120; i++) {
    const now = bytesUnder(cache);
    if (now === before) return now;
    before = now;
    await sleep(1_000);
  }
  return before;
}

/**
 * RSS 2 s and 30 s after search became ready (`searchReady`, ms from spawn), the peak, and the cache
 * folder against the history's size on disk. What a dashboard left running holds is the later one:
 * V8's memory reducer gives the build's garbage back ~25 s after it goes quiet.
 */
export async function reportColdMemory(section: string, server: RunningServer, searchReady: number, where: { cache: string; dataBytes: number; ccusageRssMb: number }): Promise<void> {
  await sleep(2_000);
  const settled = rssMb(server);
  const peak = peakRssMb(server);
  const disk = await settledCache(where.cache);
  await sleep(Math.max(0, 30_000 - (performance.now() - server.spawnedAt - searchReady)));
  const later = rssMb(server);
  const baseline = `ccusage ${where.ccusageRssMb.toFixed(0)} MB`;
  report({ section, name: 'server RSS once search is ready', value: `${settled.toFixed(0)} MB`, baseline, target: '≤ 250 MB', pass: settled <= 250 });
  report({ section, name: 'server RSS 30 s after search is ready', value: `${later.toFixed(0)} MB`, baseline, target: '≤ 250 MB', pass: later <= 250 });
  report({ section, name: 'server peak RSS (VmHWM)', value: `${peak.toFixed(0)} MB`, baseline, target: '≤ 500 MB', pass: peak <= 500 });
  report({ section, name: 'the cache folder (all it holds: session database, search index)', value: `${(disk / 2 ** 20).toFixed(0)} MB`, baseline: `${(where.dataBytes / 2 ** 20).toFixed(0)} MB history`, ratio: disk / where.dataBytes, target: '≤ 0.25x', pass: disk / where.dataBytes <= 0.25 });
}
