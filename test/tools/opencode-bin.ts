// Installs the real OpenCode binary (npm package `opencode-ai`) on demand into a
// per-version cache directory, outside the project. Never a project dependency.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
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

const inFlight = new Map<string, Promise<string>>();

/**
 * Returns the absolute path of a runnable `opencode` binary for `version`,
 * installing `opencode-ai@<version>` into the cache on first use. Concurrent
 * callers (also across processes) are safe: each installs into its own temp
 * dir and renames it into place; the loser of the race discards its copy.
 */
export function ensureOpencode(version: string): Promise<string> {
  if (!/^\d+\.\d+\.\d+([-.+][\w.-]+)?$/.test(version)) {
    return Promise.reject(new Error(`invalid opencode version: ${version}`));
  }
  let pending = inFlight.get(version);
  if (!pending) {
    pending = install(version).finally(() => inFlight.delete(version));
    inFlight.set(version, pending);
  }
  return pending;
}

async function install(version: string): Promise<string> {
  const root = testCacheDir();
  const finalDir = join(root, `opencode-ai-${version}`);
  const existing = await findBinary(finalDir, version);
  if (existing) return existing;

  await mkdir(root, { recursive: true });
  const tmp = await mkdtemp(join(root, `.tmp-opencode-ai-${version}-`));
  try {
    await writeFile(join(tmp, 'package.json'), JSON.stringify({ name: 'opencode-cache', private: true }));
    await run(
      'npm',
      [
        'install',
        '--prefix',
        tmp,
        '--no-audit',
        '--no-fund',
        '--no-save',
        '--ignore-scripts',
        '--loglevel=error',
        `opencode-ai@${version}`,
      ],
      { cwd: tmp, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, npm_config_update_notifier: 'false' } },
    );
    const tmpBin = await findBinary(tmp, version);
    if (!tmpBin) throw new Error(`opencode-ai@${version} installed but no runnable binary found in ${tmp}`);
    if (existsSync(finalDir)) {
      // Another process won the race: drop ours if theirs works.
      const theirs = await findBinary(finalDir, version);
      if (theirs) return theirs;
      await rm(finalDir, { recursive: true, force: true });
    }
    try {
      await rename(tmp, finalDir);
    } catch (error) {
      const theirs = await findBinary(finalDir, version);
      if (theirs) return theirs;
      throw error;
    }
    const bin = await findBinary(finalDir, version);
    if (!bin) throw new Error(`opencode binary vanished from ${finalDir}`);
    return bin;
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/** Platform package names to try, most specific (fastest) first. */
function platformPackages(): string[] {
  const os = process.platform === 'win32' ? 'windows' : process.platform;
  const arch = process.arch;
  const base = `opencode-${os}-${arch}`;
  return [base, `${base}-baseline`, `${base}-musl`, `${base}-baseline-musl`];
}

async function findBinary(dir: string, version: string): Promise<string | null> {
  const modules = join(dir, 'node_modules');
  if (!existsSync(modules)) return null;
  const exe = process.platform === 'win32' ? 'opencode.exe' : 'opencode';
  const candidates = platformPackages().map((name) => join(modules, name, 'bin', exe));
  // Fallback: any opencode-* platform package that npm picked.
  try {
    for (const name of await readdir(modules)) {
      if (name.startsWith('opencode-') && name !== 'opencode-ai') {
        const path = join(modules, name, 'bin', exe);
        if (!candidates.includes(path)) candidates.push(path);
      }
    }
  } catch {
    return null;
  }
  const scratchHome = await mkdtemp(join(tmpdir(), 'opencode-version-'));
  try {
    for (const path of candidates) {
      if (!existsSync(path)) continue;
      try {
        const { stdout } = await run(path, ['--version'], {
          timeout: 60_000,
          env: { ...process.env, HOME: scratchHome, XDG_DATA_HOME: '', XDG_CONFIG_HOME: '', XDG_CACHE_HOME: '', XDG_STATE_HOME: '' },
        });
        if (stdout.trim().endsWith(version)) return path;
      } catch {
        // Not runnable on this CPU (e.g. needs AVX2): try the next one.
      }
    }
    return null;
  } finally {
    await rm(scratchHome, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}
