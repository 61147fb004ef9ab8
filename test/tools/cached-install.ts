// Installs a pinned npm package on demand into a per-version cache directory outside the
// project (`~/.cache/sessionscope-test/<name>-<version>/`). Real agent binaries are test tools,
// never project dependencies.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Root of the test cache: `${SESSIONSCOPE_TEST_CACHE:-${XDG_CACHE_HOME:-~/.cache}/sessionscope-test}`. */
export function testCacheDir(): string {
  const explicit = process.env.SESSIONSCOPE_TEST_CACHE;
  if (explicit) return explicit;
  const xdg = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(xdg, 'sessionscope-test');
}

export interface CachedPackage {
  /** npm package name, e.g. `@anthropic-ai/claude-code`. */
  name: string;
  version: string;
  /** The runnable entry point inside an install dir, or null when there is none (or it does not run). */
  locate(dir: string): Promise<string | null>;
}

const inFlight = new Map<string, Promise<string>>();

/**
 * Returns what `locate` finds in the cached install of `name@version`, installing it first when
 * needed. Concurrent callers (also across processes) are safe: each installs into its own temp dir
 * and renames it into place; the loser of the race discards its copy.
 */
export function ensureCachedPackage(pkg: CachedPackage): Promise<string> {
  if (!/^\d+\.\d+\.\d+([-.+][\w.-]+)?$/.test(pkg.version)) {
    return Promise.reject(new Error(`invalid ${pkg.name} version: ${pkg.version}`));
  }
  const key = `${pkg.name}@${pkg.version}`;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = install(pkg).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

async function install(pkg: CachedPackage): Promise<string> {
  const root = testCacheDir();
  const slug = `${pkg.name.replace(/^@/, '').replace(/\//g, '-')}-${pkg.version}`;
  const finalDir = join(root, slug);
  const existing = await pkg.locate(finalDir);
  if (existing) return existing;

  await mkdir(root, { recursive: true });
  const tmp = await mkdtemp(join(root, `.tmp-${slug}-`));
  try {
    await writeFile(join(tmp, 'package.json'), JSON.stringify({ name: 'sessionscope-test-cache', private: true }));
    await run(
      'npm',
      ['install', '--prefix', tmp, '--no-audit', '--no-fund', '--no-save', '--ignore-scripts', '--loglevel=error', `${pkg.name}@${pkg.version}`],
      { cwd: tmp, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, npm_config_update_notifier: 'false' } },
    );
    if (!(await pkg.locate(tmp))) throw new Error(`${pkg.name}@${pkg.version} installed but nothing runnable found in ${tmp}`);
    if (existsSync(finalDir)) {
      // Another process won the race: drop ours if theirs works.
      const theirs = await pkg.locate(finalDir);
      if (theirs) return theirs;
      await rm(finalDir, { recursive: true, force: true });
    }
    try {
      await rename(tmp, finalDir);
    } catch (error) {
      const theirs = await pkg.locate(finalDir);
      if (theirs) return theirs;
      throw error;
    }
    const found = await pkg.locate(finalDir);
    if (!found) throw new Error(`${pkg.name} vanished from ${finalDir}`);
    return found;
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
