// Loaded into a bench server with `--import`: on SIGUSR2, two full collections, then one line on
// stderr with the live heap (what the process really holds, garbage aside) and its resident size.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');
process.on('SIGUSR2', () => {
  gc();
  gc();
  const m = process.memoryUsage();
  process.stderr.write(`heap-probe ${JSON.stringify({ heapUsed: m.heapUsed, rss: m.rss, external: m.external })}\n`);
});
