// Installs the real OpenCode binary (npm package `opencode-ai`) on demand into a
// per-version cache directory, outside the project. Never a project dependency.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ensureCachedPackage } from './cached-install';

export { testCacheDir } from './cached-install';

const run = promisify(execFile);

/** Returns the absolute path of a runnable `opencode` binary for `version`, installing `opencode-ai@<version>` on first use. */
export function ensureOpencode(version: string): Promise<string> {
  return ensureCachedPackage({ name: 'opencode-ai', version, locate: (dir) => findBinary(dir, version) });
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
