import { execFile } from 'node:child_process';
import { chmodSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * Runs the JSON tree reader in a child process. As root (CI), permission bits do not apply, so the
 * child drops to `nobody` to meet a real EACCES.
 */
export async function readAsUnprivileged(dataDir: string): Promise<{ sessions: string[]; issues: { path: string; reason: string }[] }> {
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    // The unprivileged child must be able to reach the temp tree.
    let dir = dataDir;
    while (dir !== path.dirname(dir) && dir.startsWith('/tmp/')) {
      chmodSync(dir, 0o755);
      dir = path.dirname(dir);
    }
  }
  const script = path.join(root, 'test', 'support', 'read-tree-cli.ts');
  const { stdout } = await run(process.execPath, ['--conditions=react-server', '--import', 'tsx', script, dataDir], {
    cwd: root,
    ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
    env: { ...process.env, HOME: '/tmp' },
  });
  return JSON.parse(stdout) as { sessions: string[]; issues: { path: string; reason: string }[] };
}
