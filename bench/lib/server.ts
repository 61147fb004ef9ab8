import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { track } from './cleanup';
import { dashboardPid } from '../../test/support/start-server';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DIST_DIR = '.next-bench';

/** Builds the dashboard into .next-bench when there is no build yet (or --rebuild). */
export function ensureBuild(rebuild: boolean): void {
  const buildId = path.join(ROOT, DIST_DIR, 'BUILD_ID');
  if (existsSync(buildId) && !rebuild) {
    console.log(`using build ${DIST_DIR} from ${statSync(buildId).mtime.toISOString()} (--rebuild to refresh)`);
    return;
  }
  console.log(`building the dashboard into ${DIST_DIR}...`);
  const result = spawnSync('npx', ['next', 'build'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, SESSIONSCOPE_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: '1' }, timeout: 15 * 60_000 });
  if (result.status !== 0) throw new Error('next build failed');
}

export interface RunningServer {
  url: string;
  /** The process serving the dashboard (see dashboardPid); `launcherPid` is the one spawned (`child`). */
  pid: number;
  launcherPid: number;
  child: ChildProcess;
  /** performance.now() when the process was spawned and when it printed "ready on". */
  spawnedAt: number;
  readyAt: number;
  stop(): Promise<void>;
}

/** The environment of a server that sees only `opencodeDir`: no real home, no other sources. */
function isolatedEnv(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, SESSIONSCOPE_DIST_DIR: DIST_DIR, NODE_ENV: 'production' };
  for (const key of Object.keys(env)) if (key.startsWith('XDG_') || key.startsWith('SESSIONSCOPE_') || key === 'OPENCODE_DB') delete env[key];
  env.SESSIONSCOPE_DIST_DIR = DIST_DIR;
  env.SESSIONSCOPE_OMP_DIR = path.join(home, 'none-omp');
  env.SESSIONSCOPE_PI_DIR = path.join(home, 'none-pi');
  env.SESSIONSCOPE_CLAUDE_DIR = path.join(home, 'none-claude');
  env.SESSIONSCOPE_CODEX_DIR = path.join(home, 'none-codex');
  env.SESSIONSCOPE_GEMINI_DIR = path.join(home, 'none-gemini');
  return env;
}

/**
 * Starts `bin/sessionscope.mjs --port 0` on 127.0.0.1 and waits for "ready on"; `launcher` starts
 * another copy (an installed package's `bin/sessionscope`) from `home`. `extraArgs` go to node,
 * `serverArgs` to Sessionscope (`--claude-dir DIR`).
 */
export async function startServer(opencodeDir: string, home: string, extraArgs: string[] = [], launcher?: string, serverArgs: string[] = []): Promise<RunningServer> {
  mkdirSync(home, { recursive: true });
  const spawnedAt = performance.now();
  const child = track(
    spawn(process.execPath, [...extraArgs, launcher ?? path.join(ROOT, 'bin', 'sessionscope.mjs'), '--port', '0', '--host', '127.0.0.1', '--opencode-dir', opencodeDir, ...serverArgs], {
      cwd: launcher ? home : ROOT,
      env: isolatedEnv(home),
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let log = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 90 s:\n${log}`)), 90_000);
    const onData = (chunk: Buffer): void => {
      log += chunk.toString();
      const match = /ready on (http:\/\/127\.0\.0\.1:\d+)\//.exec(log);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before ready:\n${log}`));
    });
  });
  const readyAt = performance.now();
  return {
    url,
    pid: dashboardPid(child.pid as number),
    launcherPid: child.pid as number,
    child,
    spawnedAt,
    readyAt,
    stop: () => stopChild(child),
  };
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** The processes a server is: the dashboard's, and the launcher that started it again (bin/relaunch.mjs) where that differs. */
export type ServerPids = Pick<RunningServer, 'pid' | 'launcherPid'>;

function statusKb(pid: number, field: string): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
}

/** The launcher's own memory (its anonymous pages: its code pages are node's, shared with the dashboard's). */
function launcherKb(server: ServerPids): number {
  return server.launcherPid === server.pid ? 0 : statusKb(server.launcherPid, 'RssAnon');
}

/** Resident memory now (VmRSS of the dashboard, and the launcher's own), MB. */
export function rssMb(server: ServerPids): number {
  return (statusKb(server.pid, 'VmRSS') + launcherKb(server)) / 1024;
}

/** Peak resident memory (VmHWM of the dashboard, and the launcher's own now), MB. */
export function peakRssMb(server: ServerPids): number {
  return (statusKb(server.pid, 'VmHWM') + launcherKb(server)) / 1024;
}

export async function getJson<T>(url: string, timeoutMs = 60_000): Promise<{ status: number; body: T; ms: number }> {
  const started = performance.now();
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  const body = (await response.json()) as T;
  return { status: response.status, body, ms: performance.now() - started };
}
