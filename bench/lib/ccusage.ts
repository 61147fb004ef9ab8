import { spawn } from 'node:child_process';
import path from 'node:path';
import { track } from './cleanup';
import { ROOT } from './server';

const CCUSAGE = path.join(ROOT, 'node_modules', 'ccusage', 'src', 'cli.js');

/** ccusage (the pinned devDependency) with `args`, timed from its spawn; its JSON output, and its peak RSS from GNU time. */
export function runCcusage<T>(args: readonly string[], env: Record<string, string>): Promise<{ ms: number; rssMb: number; output: T }> {
  return runTimedJson<T>('ccusage', CCUSAGE, args, env);
}

/** A Node script that prints JSON (ccusage, a bundled sessionscope command), timed from its spawn, with its peak RSS (GNU time). */
export function runTimedJson<T>(name: string, script: string, args: readonly string[], env: Record<string, string>): Promise<{ ms: number; rssMb: number; output: T }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = track(spawn('/usr/bin/time', ['-f', 'RSS %M', process.execPath, script, ...args], { env: { ...process.env, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] }));
    let out = '';
    let err = '';
    child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (err += c.toString()));
    child.once('exit', (code) => {
      const elapsed = performance.now() - started;
      if (code !== 0) return reject(new Error(`${name} ${args.join(' ')} exited ${code}: ${err.slice(-500)}`));
      resolve({ ms: elapsed, rssMb: Number(/RSS (\d+)/.exec(err)?.[1] ?? Number.NaN) / 1024, output: JSON.parse(out) as T });
    });
  });
}
