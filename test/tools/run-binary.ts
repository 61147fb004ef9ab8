// Runs a real agent binary with stdin closed (a piped stdin would be read as prompt text), in its
// own process group, which is killed when it exits so that children it spawned do not outlive it.
import { spawn } from 'node:child_process';
import { killGroup, trackGroup } from './process-groups';
import { faketimeEnv } from '../support/faketime-env';

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  durationMs: number;
}

export interface BinaryRun {
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  timeoutMs?: number;
}

export function runBinary(options: BinaryRun): Promise<RunResult> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(options.command, options.args, {
      cwd: options.cwd,
      env: options.env as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const pid = child.pid;
    if (pid !== undefined) trackGroup(pid);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      if (pid !== undefined) killGroup(pid);
    }, options.timeoutMs ?? 180_000);
    child.on('error', (error) => {
      clearTimeout(timer);
      if (pid !== undefined) killGroup(pid);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (pid !== undefined) killGroup(pid);
      resolve({ code, signal, stdout, stderr, durationMs: Date.now() - started });
    });
  });
}

/** The environment every scripted agent run starts from: its own HOME, no colour, loopback never proxied. */
export function baseAgentEnv(home: string): Record<string, string> {
  return {
    HOME: home,
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    LANG: 'C.UTF-8',
    TERM: 'dumb',
    NO_COLOR: '1',
    TMPDIR: process.env.TMPDIR ?? '/tmp',
    NO_PROXY: '127.0.0.1,localhost',
    ...faketimeEnv(),
  };
}
