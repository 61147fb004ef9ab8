import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { generateCorpus } from '../scripts/corpus/generate';
import { runChild } from './lib/child';
import { tempDir } from './lib/cleanup';
import { ms, report } from './lib/figures';
import { measureLive } from './lib/live-latency';
import { partWriter } from './lib/part-writers';
import { startServer } from './lib/server';

const FORMATS = ['json', 'sqlite'] as const;

/** Live latency: a small copy, ≥200 writes per format, write landed -> SSE change. */
export async function benchLive(writes: number): Promise<void> {
  const dir = tempDir('live');
  const corpus = generateCorpus({ out: dir, sessions: 40, hugeSessionParts: 0, seed: 11 });
  spawnSync('sync');
  console.log(`live: small corpus ${corpus.sessions} sessions, ${corpus.messages} messages, ${corpus.parts} parts`);
  for (const format of FORMATS) {
    const dataDir = format === 'json' ? (corpus.jsonDir as string) : (corpus.sqliteDir as string);
    const writer = partWriter(format, dataDir);
    const server = await startServer(dataDir, path.join(dir, `home-${format}`));
    try {
      const live = await measureLive(server.url, writer, writes);
      const note = `${live.latencies.length} writes${live.timeouts ? `, ${live.timeouts} timeouts` : ''}; watcher live ${ms(live.watcherLiveMs)} after ready`;
      report({ section: 'Live', name: `${format} median`, value: ms(live.median), target: '< 100 ms', pass: live.median < 100, note });
      report({ section: 'Live', name: `${format} p99`, value: ms(live.p99), target: '< 300 ms', pass: live.p99 < 300 });
    } finally {
      writer.close();
      await server.stop();
    }
  }
}

interface UpdateResult {
  sessions: number;
  messages: number;
  absorbMedian: number;
  withSummariesMedian: number;
}

/** Update cost vs history size: one new part absorbed with ~1,000 vs ~100,000 parts of history. */
export async function benchUpdateCost(): Promise<void> {
  const dir = tempDir('update');
  const small = generateCorpus({ out: path.join(dir, 'small'), sessions: 10, hugeSessionParts: 0, seed: 21 });
  const large = generateCorpus({ out: path.join(dir, 'large'), sessions: 1_000, hugeSessionParts: 0, seed: 22 });
  // Let the kernel write back what was just generated, so it does not stall the measurements.
  spawnSync('sync');
  console.log(`update: ${small.parts} vs ${large.parts} parts of history (${small.seconds.toFixed(1)} s + ${large.seconds.toFixed(1)} s to write)`);
  for (const format of FORMATS) {
    const run = (c: typeof small) => runChild<UpdateResult>('store-update.ts', ['--format', format, '--dir', format === 'json' ? (c.jsonDir as string) : (c.sqliteDir as string)]);
    const a = await run(small);
    const b = await run(large);
    const ratio = b.absorbMedian / a.absorbMedian;
    report({ section: 'Update', name: `${format} absorb one part, ${large.parts} parts loaded`, value: ms(b.absorbMedian), baseline: `${ms(a.absorbMedian)} with ${small.parts}`, ratio, target: '< 2x', pass: ratio < 2 });
    const ratio2 = b.withSummariesMedian / a.withSummariesMedian;
    report({ section: 'Update', name: `${format} absorb + rebuild summaries (next /api/sessions)`, value: ms(b.withSummariesMedian), baseline: ms(a.withSummariesMedian), ratio: ratio2, target: '< 2x', pass: ratio2 < 2 });
  }
}

interface StatsResult {
  assistant: number;
  floor: number;
  plainSum: number;
  day: number;
  model: number;
  session: number;
}

/** /api/stats's computation over 100,000 assistant messages vs reading and summing the same rows. */
export async function benchStats(): Promise<void> {
  const r = await runChild<StatsResult>('stats-cost.ts', ['--assistant', '100000', '--reps', '5']);
  for (const [name, value] of [['groupBy=day', r.day], ['groupBy=model', r.model], ['groupBy=session&roots', r.session]] as const) {
    const ratio = value / r.floor;
    report({ section: 'Stats', name: `getStats ${name}, ${r.assistant} assistant messages`, value: ms(value), baseline: `${ms(r.floor)} read+parse+sum rows`, ratio, target: '< 2x', pass: ratio < 2, note: `${(value / r.plainSum).toFixed(1)}x one plain SQL sum of the messages (${ms(r.plainSum)})` });
  }
}
