import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { startHostileServer } from '../test/support/hostile-opencode-server';
import { tempDir } from './lib/cleanup';
import { report, sleep } from './lib/figures';
import { peakRssMb, rssMb, startServer } from './lib/server';

/**
 * A dashboard following a process that poses as an OpenCode server (`npm run bench -- --only
 * hostile [--minutes N]`, issue 28 item 1): approvals and streamed parts of 1 M characters under
 * new ids without end, 404 for `/permission`, 150,000 statuses a poll. Its peak resident memory
 * must stay under 600 MB, `/api/health` must keep answering, and once the server goes nothing it
 * said is shown.
 */
export async function benchHostile(minutes: number): Promise<void> {
  const dir = tempDir('hostile');
  const dataDir = path.join(dir, 'opencode');
  mkdirSync(path.join(dataDir, 'storage'), { recursive: true });
  const hostile = await startHostileServer({ partChars: 1_000_000, statuses: 150_000 });
  const server = await startServer(dataDir, path.join(dir, 'home'), [], undefined, ['--opencode-url', hostile.url]);
  let slowest = 0;
  let samples = 0;
  try {
    const until = Date.now() + minutes * 60_000;
    while (Date.now() < until) {
      const started = performance.now();
      const health = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(30_000) });
      await health.arrayBuffer();
      slowest = Math.max(slowest, performance.now() - started);
      samples++;
      if (samples % 12 === 0) console.log(`hostile: ${((minutes * 60_000 - (until - Date.now())) / 60_000).toFixed(1)} min, ${hostile.eventsSent().toLocaleString('en')} events sent, RSS ${rssMb(server).toFixed(0)} MB`);
      await sleep(5_000);
    }
    const peak = peakRssMb(server);
    const events = hostile.eventsSent();
    await hostile.close();
    await sleep(3_000);
    const after = await (await fetch(`${server.url}/api/health`)).json();
    console.log(`hostile: ${events.toLocaleString('en')} events in ${minutes} min; peak RSS ${peak.toFixed(0)} MB; slowest /api/health ${slowest.toFixed(0)} ms; after the server left: ${JSON.stringify((after as { opencodeServers?: unknown }).opencodeServers ?? {})}`);
    report({ section: 'Hostile server', name: `peak RSS following a hostile OpenCode server for ${minutes} min (${events.toLocaleString('en')} events)`, value: `${peak.toFixed(0)} MB`, target: '< 600 MB', pass: peak < 600 });
    report({ section: 'Hostile server', name: 'slowest /api/health meanwhile (one every 5 s)', value: `${slowest.toFixed(0)} ms` });
  } finally {
    await server.stop();
    await hostile.close();
  }
}
