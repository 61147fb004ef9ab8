// `sessionscope <command> ...` as a person runs it: a child process of the launcher in this clone,
// with a cache folder and HOME of the test's own (never the machine's agents or cache).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { faketimeEnv } from './faketime-env';

const LAUNCHER = fileURLToPath(new URL('../../bin/sessionscope.mjs', import.meta.url));

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** Folder for HOME and the cache (XDG_CACHE_HOME is `<home>/.cache`). */
  home: string;
  env?: Record<string, string>;
  stdin?: string;
  launcher?: string;
}

export function runCli(args: readonly string[], options: CliOptions): Promise<CliRun> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: options.home, XDG_CACHE_HOME: path.join(options.home, '.cache'), NO_COLOR: '1', TZ: 'UTC', ...faketimeEnv(), ...options.env };
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [options.launcher ?? LAUNCHER, ...args], { env: env as NodeJS.ProcessEnv, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
    child.stdin?.end(options.stdin ?? '');
  });
}
