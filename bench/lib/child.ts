import { spawn } from 'node:child_process';
import path from 'node:path';
import { track } from './cleanup';
import { ROOT } from './server';

/**
 * Runs a bench script in its own node with `--conditions=react-server` (lib/server modules import
 * 'server-only', whose react-server export is a no-op) and returns its last stdout line as JSON.
 */
export function runChild<T>(script: string, args: string[], timeoutMs = 10 * 60_000, nodeArgs: string[] = []): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = track(
      spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', ...nodeArgs, path.join(ROOT, 'bench', script), ...args], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    let out = '';
    let err = '';
    child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (err += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      const last = out.trim().split('\n').pop() ?? '';
      if (code !== 0) return reject(new Error(`${script} exited ${code}: ${err.slice(-2000)}`));
      try {
        resolve(JSON.parse(last) as T);
      } catch {
        reject(new Error(`${script}: no JSON result: ${out.slice(-500)} ${err.slice(-500)}`));
      }
    });
  });
}
