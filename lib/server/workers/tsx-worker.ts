import 'server-only';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Whether the caller runs from its TypeScript sources (tests, the bench) rather than from Next's
 * build: its worker entries are then loaded through tsx. `moduleUrl`: the caller's `import.meta.url`.
 */
export function runsFromSources(moduleUrl: string): boolean {
  // A module loaded through tsx's tsImport (a command in a clone) has a query after its name.
  return !process.env.NEXT_RUNTIME && new URL(moduleUrl).pathname.endsWith('.ts');
}

/**
 * A worker running the TypeScript entry `entryName` beside `moduleUrl`, through tsx. In the built
 * server each caller writes `new Worker(new URL('./entry.ts', import.meta.url))` itself: Next
 * bundles the entry from that very expression.
 */
export function tsxWorker(moduleUrl: string, entryName: string, options: WorkerOptions = {}): Worker {
  const entry = new URL(entryName, moduleUrl).href;
  // tsx's API by path, found from here: an evaluated worker resolves a bare name from the working
  // folder, which is not the clone's when a command runs elsewhere (`sessionscope report`).
  const tsx = tsxEntry(moduleUrl, './esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(boot, { ...options, eval: true, execArgv: [...process.execArgv, '--conditions', 'react-server'] });
}

/** One of tsx's ES module entries (`./esm/api`: its API) as a file URL, found from `moduleUrl`'s folder. */
function tsxEntry(moduleUrl: string, name: string): string {
  const manifest = createRequire(moduleUrl).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, string | { import?: string | { default?: string } }> };
  const found = exports[name];
  const target = typeof found === 'string' ? found : found?.import;
  const file = typeof target === 'string' ? target : target?.default;
  if (!file) throw new Error(`tsx ${name}: no ES module entry in ${manifest}`);
  return pathToFileURL(path.join(path.dirname(manifest), file)).href;
}
