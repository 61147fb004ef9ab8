// Bundles the commands (`sessionscope report|statusline|export|publish`, lib/server/cli/) into
// `dist/cli.mjs` for the package, which ships no TypeScript sources. Each worker thread's entry
// (`new Worker(new URL('./x-worker.ts', import.meta.url))`) becomes its own bundle beside it, and
// the expression is rewritten to name that file. better-sqlite3 stays the package's dependency.
import { build } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const WORKER_URL = /new URL\('\.\/([\w-]+)\.ts', import\.meta\.url\)/g;

export async function bundleCli(root, dist = path.join(root, 'dist')) {
  const workers = new Map();
  /** @type {import('esbuild').Plugin} */
  const workerEntries = {
    name: 'worker-entries',
    setup(b) {
      b.onLoad({ filter: /lib\/server\/.*\.ts$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        if (source.search(WORKER_URL) === -1) return undefined;
        const contents = source.replace(WORKER_URL, (expression, name) => {
          const entry = path.join(path.dirname(args.path), `${name}.ts`);
          // A comment's example names no file.
          if (!existsSync(entry)) return expression;
          workers.set(name, entry);
          return `new URL('./workers/${name}.mjs', import.meta.url)`;
        });
        return { contents, loader: 'ts' };
      });
    },
  };
  const common = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['better-sqlite3', 'pg-native'],
    alias: { 'server-only': path.join(root, 'scripts', 'package', 'empty-module.mjs') },
    // CommonJS dependencies bundled into an ES module still call require().
    banner: { js: "import { createRequire as __sessionscopeRequire } from 'node:module'; const require = __sessionscopeRequire(import.meta.url);" },
    logLevel: 'warning',
    absWorkingDir: root,
  };
  await build({ ...common, entryPoints: [path.join(root, 'lib', 'server', 'cli', 'main.ts')], outfile: path.join(dist, 'cli.mjs'), plugins: [workerEntries] });
  for (let done = 0; done < workers.size; ) {
    const batch = [...workers].slice(done);
    done = workers.size;
    for (const [name, entry] of batch) {
      await build({ ...common, entryPoints: [entry], outfile: path.join(dist, 'workers', `${name}.mjs`), plugins: [workerEntries] });
    }
  }
  return [...workers.keys()];
}
