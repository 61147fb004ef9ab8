import 'server-only';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Whether the caller runs from its TypeScript sources (tests, the bench) rather than from Next's
 * build: its worker entries are then loaded through tsx. `moduleUrl`: the caller's `import.meta.url`.
 */
export function runsFromSources(moduleUrl: string): boolean {
  return !process.env.NEXT_RUNTIME && moduleUrl.endsWith('.ts');
}

/**
 * A worker running the TypeScript entry `entryName` beside `moduleUrl`, through tsx. In the built
 * server each caller writes `new Worker(new URL('./entry.ts', import.meta.url))` itself: Next
 * bundles the entry from that very expression.
 */
export function tsxWorker(moduleUrl: string, entryName: string, options: WorkerOptions = {}): Worker {
  const entry = moduleUrl.replace(/[^/]+$/, entryName);
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(boot, { ...options, eval: true, execArgv: [...process.execArgv, '--conditions', 'react-server'] });
}
