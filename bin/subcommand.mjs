// `sessionscope <command> ...` (report, statusline, export, publish): commands that run and exit
// instead of serving the dashboard. Their code is TypeScript under lib/server/cli/: an installed
// package runs it bundled (`dist/cli.mjs`, made by `npm pack`), a clone runs the sources through tsx.
import { existsSync } from 'node:fs';
import { register } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Names `bin/sessionscope.mjs` hands over; the dispatch table itself is lib/server/cli/commands.ts. */
export const SUBCOMMANDS = ['report', 'statusline', 'export', 'publish'];

// Server modules `import 'server-only'` (kept out of browser bundles); outside Next it is empty.
const SERVER_ONLY_HOOK = `export async function resolve(specifier, context, next) {
  if (specifier === 'server-only') return { url: 'data:text/javascript,', shortCircuit: true };
  return next(specifier, context);
}`;

/** Runs one command to its end; resolves to the process's exit code. */
export async function runSubcommand(root, argv) {
  const bundled = path.join(root, 'dist', 'cli.mjs');
  if (existsSync(bundled) && !existsSync(path.join(root, 'lib'))) {
    const { main } = await import(pathToFileURL(bundled).href);
    return main(argv);
  }
  register(`data:text/javascript,${encodeURIComponent(SERVER_ONLY_HOOK)}`, import.meta.url);
  // The sources' `@/` imports come from the clone's tsconfig, wherever the command is run from
  // (tsx reads the working folder's otherwise); worker threads inherit it.
  process.env.TSX_TSCONFIG_PATH ??= path.join(root, 'tsconfig.json');
  const { tsImport } = await import('tsx/esm/api');
  const { main } = await tsImport(pathToFileURL(path.join(root, 'lib', 'server', 'cli', 'main.ts')).href, { parentURL: import.meta.url, tsconfig: process.env.TSX_TSCONFIG_PATH });
  return main(argv);
}
