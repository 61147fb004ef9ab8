// Where the dashboard's built app comes from: an installed package ships it prebuilt in `dist/`
// (scripts/package/), a clone builds it from its sources on first start.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Written into `dist/` by `npm pack`; names the build folder inside it. */
export const PACKAGE_BUILD_FILE = 'sessionscope-build.json';

/**
 * `{ kind: 'package', dir, distDir }` when a prebuilt app is there and the sources are not (a clone
 * with a leftover `dist/` keeps building its own sources), else `{ kind: 'clone', dir: root }`.
 */
export function locateApp(root) {
  const built = path.join(root, 'dist', PACKAGE_BUILD_FILE);
  if (existsSync(built) && !existsSync(path.join(root, 'app'))) {
    const { distDir } = JSON.parse(readFileSync(built, 'utf8'));
    return { kind: 'package', dir: path.join(root, 'dist'), distDir };
  }
  return { kind: 'clone', dir: root, distDir: process.env.SESSIONSCOPE_DIST_DIR || '.next' };
}

/** Next's server for the located app: built first in a clone that has no build yet. */
export async function createNextApp(location, { host, port }) {
  if (location.kind === 'clone') {
    buildOnce(location);
    const { default: next } = await import('next');
    return next({ dev: false, dir: location.dir, hostname: host, port });
  }
  // What Next's own standalone server.js does: the config serialized at build, production React
  // (the trace ships no development builds), and `next` from the traced copy beside the app.
  const { config } = JSON.parse(readFileSync(path.join(location.dir, location.distDir, 'required-server-files.json'), 'utf8'));
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config);
  process.env.NODE_ENV = 'production';
  const next = createRequire(path.join(location.dir, 'package.json'))('next');
  return next({ dev: false, dir: location.dir, conf: config, hostname: host, port });
}

function buildOnce({ dir, distDir }) {
  if (existsSync(path.join(dir, distDir, 'BUILD_ID'))) return;
  console.log('sessionscope: first start, building the dashboard (about a minute)...');
  const build = spawnSync(process.execPath, [path.join(dir, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], { cwd: dir, stdio: 'inherit', env: process.env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** The folder whose node_modules holds better-sqlite3: where `npm rebuild better-sqlite3` fixes it. */
/**
 * Why better-sqlite3 (a native addon compiled at install) cannot load here, or undefined when it
 * can: the session database holds the history, so the dashboard cannot start without it.
 */
export function sqliteLoadProblem(root) {
  try {
    const Database = createRequire(path.join(root, 'package.json'))('better-sqlite3');
    // The addon itself loads at the first connection.
    new Database(':memory:').close();
    return undefined;
  } catch (error) {
    return (error?.message || String(error)).split('\n')[0]?.slice(0, 300) ?? '';
  }
}

export function sqliteInstallDir(root) {
  try {
    const manifest = createRequire(path.join(root, 'package.json')).resolve('better-sqlite3/package.json');
    return path.resolve(path.dirname(manifest), '..', '..');
  } catch {
    return root;
  }
}
