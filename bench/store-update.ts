// Child process (run with --conditions=react-server): time for the in-process Store to absorb one
// new part, with the given history loaded. Prints one JSON line.
import { parseArgs } from 'node:util';
import { findDatabases } from '../lib/server/config';
import { createReaders } from '../lib/server/store/get-store';
import { Store } from '../lib/server/store/store';
import { getSessionPage } from '../lib/server/queries/get-session-page';
import { sessionFiltersSchema } from '../lib/sessions/session-filters';
import { median } from './lib/figures';
import { partWriter } from './lib/part-writers';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { format: { type: 'string' }, dir: { type: 'string' }, iterations: { type: 'string', default: '60' } } });
  const format = values.format === 'sqlite' ? 'sqlite' : 'json';
  const dir = String(values.dir);
  // The writer first: OpenCode running means -wal/-shm exist and the reader follows the log.
  const writer = partWriter(format, dir);
  const store = new Store(createReaders({ opencodeDir: dir, databases: format === 'sqlite' ? findDatabases(dir) : [] }));
  const loadStarted = performance.now();
  await store.start();
  const loadMs = performance.now() - loadStarted;
  const index = store.indexes.find((i) => i.reader.found() && i.reader.kind === (format === 'sqlite' ? 'opencode-sqlite' : 'opencode-json'));
  if (!index) throw new Error(`no ${format} source in ${dir}`);
  // The session table's first page, as `/api/sessions` answers it after each change.
  const firstPage = sessionFiltersSchema.parse({});
  getSessionPage(store, firstPage);
  for (const opened of writer.begin()) await store.absorb(index, [opened.path]);
  const absorb: number[] = [];
  const withSummaries: number[] = [];
  const iterations = Number(values.iterations);
  for (let i = 0; i < iterations; i++) {
    const { path } = writer.write(i);
    const started = performance.now();
    await store.absorb(index, [path]);
    const absorbed = performance.now();
    getSessionPage(store, firstPage);
    const done = performance.now();
    // The first few warm the JIT; keep them out of the figures.
    if (i >= 5) {
      absorb.push(absorbed - started);
      withSummaries.push(done - started);
    }
  }
  writer.close();
  store.stop();
  const messages = index.messageCount;
  console.log(JSON.stringify({ format, sessions: index.sessions.size, messages, loadMs, absorbMedian: median(absorb), withSummariesMedian: median(withSummaries), samples: absorb.length }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
