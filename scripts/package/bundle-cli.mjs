// Bundles the commands (`sessionscope report|statusline|export|publish`, lib/server/cli/) into
// `dist/cli.mjs` for the package, which ships no TypeScript sources. Each command, loaded when named
// (lib/server/cli/commands.ts), is split into its own `dist/cli-*.mjs` chunks, so a report never
// compiles OpenTelemetry or pg (half the 3.3 MB a single file held). Chunks sit beside `cli.mjs`, not
// in a folder: the worker URLs below are relative to whichever chunk holds them. Each worker thread's entry
// (`new Worker(new URL('./x-worker.ts', import.meta.url))`) becomes its own bundle beside it, and
// the expression is rewritten to name that file. better-sqlite3 stays the package's dependency.
import { build } from 'esbuild';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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
  // A previous bundle's chunks (other hashes) would otherwise ship beside this one's.
  if (existsSync(dist)) for (const name of readdirSync(dist)) if (/^cli-.+\.mjs$/.test(name)) rmSync(path.join(dist, name));
  await build({
    ...common,
    entryPoints: { cli: path.join(root, 'lib', 'server', 'cli', 'main.ts') },
    outdir: dist,
    splitting: true,
    chunkNames: 'cli-[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    plugins: [workerEntries],
  });
  for (let done = 0; done < workers.size; ) {
    const batch = [...workers].slice(done);
    done = workers.size;
    for (const [name, entry] of batch) {
      await build({ ...common, entryPoints: [entry], outfile: path.join(dist, 'workers', `${name}.mjs`), plugins: [workerEntries] });
    }
  }
  return [...workers.keys()];
}
