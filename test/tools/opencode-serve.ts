// Runs the real `opencode serve` (headless HTTP API) offline, in an isolated HOME, with the same
// environment as `runOpencode`, so a test can drive a session step by step (prompt, revert, ...).
import { spawn } from 'node:child_process';
import { ensureOpencode } from './opencode-bin';
import { killGroup, trackGroup } from './process-groups';
import { opencodeEnv } from './run-opencode';

export interface ServeOptions {
  version: string;
  home: string;
  /** The project directory: OpenCode serves the instance of its working directory. */
  cwd: string;
  env?: Record<string, string>;
  /** How long to wait for the server to listen (default 60 s). */
  startTimeoutMs?: number;
}

export interface OpencodeServe {
  /** `http://127.0.0.1:<port>`, as OpenCode printed it. */
  url: string;
  pid: number;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  /** `fetch` of a JSON route; throws with the server's answer when the status is not 2xx. */
  request<T>(method: 'GET' | 'POST' | 'DELETE' | 'PATCH', path: string, body?: unknown): Promise<T>;
  /** Kills the server's whole process group (it spawns helpers). */
  stop(): Promise<void>;
}

/** Starts `opencode serve --hostname 127.0.0.1 --port 0` in `cwd`; resolves once it listens. */
export async function startServe(options: ServeOptions): Promise<OpencodeServe> {
  const bin = await ensureOpencode(options.version);
  const child = spawn(bin, ['serve', '--hostname', '127.0.0.1', '--port', '0'], {
    cwd: options.cwd,
    env: opencodeEnv(options.home, options.env) as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('opencode serve did not start');
  trackGroup(pid);
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (output += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    killGroup(pid);
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  };

  const url = await new Promise<string>((resolve, reject) => {
    const fail = (message: string): void => {
      clearTimeout(timer);
      killGroup(pid);
      reject(new Error(`${message}\n${output}`));
    };
    const timer = setTimeout(() => fail('opencode serve did not listen in time'), options.startTimeoutMs ?? 60_000);
    const check = (): void => {
      const match = /listening on (http:\/\/[\w.:[\]-]+)/.exec(output);
      if (!match?.[1]) return;
      clearTimeout(timer);
      resolve(match[1]);
    };
    child.stdout.on('data', check);
    child.stderr.on('data', check);
    child.once('error', (error) => fail(`opencode serve failed: ${error.message}`));
    child.once('close', (code, signal) => fail(`opencode serve exited (${code ?? signal}) before it listened`));
  });

  const request = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`opencode ${method} ${path} -> ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  return { url, pid, output: () => output, request, stop };
}
