import { symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
// @ts-expect-error plain ESM build script without type declarations
import { bundleCli } from '../../scripts/package/bundle-cli.mjs';
import { runTimedJson } from './ccusage';
import { tempDir } from './cleanup';
import { ROOT } from './server';

/**
 * The commands as the package runs them: `dist/cli.mjs` as `npm pack` bundles it (its worker
 * threads bundled beside it; a clone's tsx cannot start a `.ts` worker), in a temp folder whose
 * `node_modules` is this clone's (better-sqlite3 stays a dependency). Returns its launcher.
 */
export async function bundledCli(): Promise<string> {
  const dir = tempDir('cli');
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  await (bundleCli as (root: string, dist: string) => Promise<string[]>)(ROOT, dir);
  const launcher = path.join(dir, 'run.mjs');
  // What bin/sessionscope.mjs does for a command in the package.
  writeFileSync(launcher, "process.env.SQLITE_USE_URI ??= '1';\nconst { main } = await import('./cli.mjs');\nprocess.exitCode = await main(process.argv.slice(2));\nsetTimeout(() => process.exit(), 2_000).unref();\n");
  return launcher;
}

/** `sessionscope <args>` timed from its spawn, with its peak RSS (GNU time) and parsed JSON output. */
export function runSessionscope<T>(launcher: string, args: readonly string[], env: Record<string, string>): Promise<{ ms: number; rssMb: number; output: T }> {
  return runTimedJson<T>('sessionscope', launcher, args, env);
}
