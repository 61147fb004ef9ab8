import { execFile } from 'node:child_process';
import { chmodSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..', '..', '..');

export interface UnprivilegedRead {
  sessions: string[];
  issues: { path: string; reason: string }[];
  threw?: string;
}

/**
 * Runs a reader in a child process. As root (CI) permission bits do not apply, so the child drops
 * to `nobody` (uid 65534) to meet a real EACCES, like test/support/run-unprivileged.ts.
 */
export async function readSourceAsUnprivileged(kind: 'opencode-json' | 'pi' | 'claude', dir: string): Promise<UnprivilegedRead> {
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    let up = dir;
    while (up !== path.dirname(up) && up.startsWith('/tmp/')) {
      chmodSync(up, 0o755);
      up = path.dirname(up);
    }
  }
  const script = path.join(root, 'test', 'safety', 'support', 'read-source-cli.ts');
  const { stdout } = await run(process.execPath, ['--conditions=react-server', '--import', 'tsx', script, kind, dir], {
    cwd: root,
    ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
    env: { ...process.env, HOME: '/tmp' },
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout) as UnprivilegedRead;
}
