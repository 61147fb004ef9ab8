// Profiles Store.absorb (and the summary rebuild that the next /api/sessions pays) after the history
// is loaded: `node --conditions=react-server --import tsx bench/profile-update.ts --format json --dir DIR`.
// Prints the top functions by self time and writes the .cpuprofile next to --out.
import { writeFileSync } from 'node:fs';
import { Session, type Profiler } from 'node:inspector';
import { parseArgs } from 'node:util';
import { findDatabases } from '../lib/server/config';
import { createReaders } from '../lib/server/store/get-store';
import { Store } from '../lib/server/store/store';
import { partWriter } from './lib/part-writers';

function post<T>(session: Session, method: string, params?: object): Promise<T> {
  return new Promise((resolve, reject) => session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result as T))));
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { format: { type: 'string' }, dir: { type: 'string' }, iterations: { type: 'string', default: '200' }, summaries: { type: 'boolean', default: false }, out: { type: 'string', default: 'update.cpuprofile' } } });
  const format = values.format === 'sqlite' ? 'sqlite' : 'json';
  const dir = String(values.dir);
  const writer = partWriter(format, dir);
  const store = new Store(createReaders({ opencodeDir: dir, databases: format === 'sqlite' ? findDatabases(dir) : [] }));
  await store.start();
  const index = store.indexes.find((i) => i.reader.found() && i.reader.kind === (format === 'sqlite' ? 'opencode-sqlite' : 'opencode-json'));
  if (!index) throw new Error('no source');
  for (const opened of writer.begin()) await store.absorb(index, [opened.path]);
  const session = new Session();
  session.connect();
  await post(session, 'Profiler.enable');
  await post(session, 'Profiler.setSamplingInterval', { interval: 100 });
  await post(session, 'Profiler.start');
  const started = performance.now();
  for (let i = 0; i < Number(values.iterations); i++) {
    await store.absorb(index, [writer.write(i).path]);
    if (values.summaries) store.summaries();
  }
  const elapsed = performance.now() - started;
  const { profile } = await post<{ profile: Profiler.Profile }>(session, 'Profiler.stop');
  writeFileSync(values.out, JSON.stringify(profile));
  const self = new Map<string, number>();
  const dt = profile.timeDeltas ?? [];
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  (profile.samples ?? []).forEach((id, i) => {
    const node = byId.get(id);
    if (!node) return;
    const f = node.callFrame;
    const key = `${f.functionName || '(anon)'} ${f.url.split('/').slice(-2).join('/')}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
  });
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25);
  console.log(`${values.iterations} updates in ${elapsed.toFixed(0)} ms (${(elapsed / Number(values.iterations)).toFixed(2)} ms each)`);
  for (const [name, t] of top) console.log(`${t.toFixed(1).padStart(9)} ms  ${name}`);
  writer.close();
  store.stop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
