import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
export const FIXTURES = path.join(root, 'test', 'fixtures');

export interface Machine {
  /** Its own home and cache (the session database the publish reads and keeps). */
  home: string;
  cache: string;
  /** Data folder flags, as `sessionscope publish` takes them. */
  data: string[];
}

export function machine(data: string[]): Machine {
  const home = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-team-home-'));
  return { home, cache: path.join(home, 'cache'), data };
}

export function sessionDbFile(m: Machine): string {
  return path.join(m.cache, 'sessionscope', 'sessions.db');
}

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `node bin/sessionscope.mjs publish ...` as a user runs it on machine `m`. */
export function runPublish(m: Machine, args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'bin', 'sessionscope.mjs'), 'publish', ...m.data, ...args], {
      cwd: root,
      // Nothing of the test process's environment (its data folders, its cache) but PATH.
      env: { PATH: process.env.PATH, HOME: m.home, XDG_CACHE_HOME: m.cache, XDG_DATA_HOME: path.join(m.home, 'data'), ...env } as unknown as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
