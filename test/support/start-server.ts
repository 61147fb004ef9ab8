import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
export const TEST_DIST_DIR = '.next-test';
const SOURCES = ['app', 'lib', 'components', 'bin', 'next.config.mjs'];
const LOCK = path.join(root, `${TEST_DIST_DIR}.lock`);
// Inside the build folder (ignored by git); a successful build removes it.
const FAILED = path.join(root, TEST_DIST_DIR, 'sessionscope-build-failed.txt');

function newestSourceMtime(): number {
  let newest = 0;
  const visit = (p: string): void => {
    let stat;
    try {
      stat = statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) for (const name of readdirSync(p)) visit(path.join(p, name));
    // Unit tests next to the code are not part of the build.
    else if (!/\.test\.tsx?$/.test(p)) newest = Math.max(newest, stat.mtimeMs);
  };
  for (const source of SOURCES) visit(path.join(root, source));
  return newest;
}

function buildIsFresh(): boolean {
  const id = path.join(root, TEST_DIST_DIR, 'BUILD_ID');
  // The standalone output is what `npm pack` ships: the package tests pack this build (test/package).
  const standalone = path.join(root, TEST_DIST_DIR, 'standalone', TEST_DIST_DIR, 'BUILD_ID');
  return existsSync(id) && existsSync(standalone) && statSync(id).mtimeMs > newestSourceMtime();
}

/** What a build of the current sources printed when it failed (kept so that no other file builds them again). */
function failedBuild(): string | undefined {
  const failed = statSync(FAILED, { throwIfNoEntry: false });
  return failed && failed.mtimeMs > newestSourceMtime() ? readFileSync(FAILED, 'utf8') : undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function takeLock(): boolean {
  try {
    mkdirSync(LOCK);
    return true;
  } catch {
    // A lock left by a killed run is stale after 10 minutes.
    if (Date.now() - (statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 600_000) rmSync(LOCK, { recursive: true, force: true });
    return false;
  }
}

/** `next build` into `.next-test` (standalone); resolves with its output, or rejects with it. */
function runBuild(): Promise<void> {
  const next = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', SESSIONSCOPE_DIST_DIR: TEST_DIST_DIR, NEXT_TELEMETRY_DISABLED: '1', SESSIONSCOPE_STANDALONE: '1' };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [next, 'build'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) {
        rmSync(FAILED, { force: true });
        resolve();
        return;
      }
      const message = `next build failed:\n${output}`;
      mkdirSync(path.dirname(FAILED), { recursive: true });
      writeFileSync(FAILED, message);
      reject(new Error(message));
    });
  });
}

/**
 * Builds the dashboard into `.next-test` unless a build newer than every source exists. Test files
 * run in parallel workers: a lock folder makes the others wait for the one that builds (or for
 * startTestBuild's build, begun before any file). A failed build is not tried again for the same
 * sources: each file that needs it fails with its output.
 */
export async function ensureTestBuild(): Promise<void> {
  if (buildIsFresh()) return;
  while (!takeLock()) await sleep(250);
  try {
    if (buildIsFresh()) return;
    const failed = failedBuild();
    if (failed) throw new Error(failed);
    await runBuild();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/**
 * The build, begun in the background when the run starts (the 'system' project's globalSetup): the
 * files that need no server run meanwhile, and those that need one wait in ensureTestBuild. Resolves
 * once it is over, whatever the outcome (a failure is reported by each file that needed the build).
 */
export function startTestBuild(): Promise<void> {
  if (buildIsFresh() || !takeLock()) return Promise.resolve();
  return runBuild()
    .catch(() => undefined)
    .finally(() => rmSync(LOCK, { recursive: true, force: true }));
}

export interface ServerDirs {
  opencodeDir: string;
  ompDir?: string;
  piDir?: string;
  claudeDir?: string;
  codexDir?: string;
  geminiDir?: string;
  projects?: string[];
}

export interface StartedServer {
  /** `http://127.0.0.1:<port>` (no trailing slash), or the host given with `--host`. */
  url: string;
  port: number;
  /** The dashboard's process: the launcher's child where it relaunched itself (bin/relaunch.mjs), else the launcher's. */
  pid: number;
  /** The launcher (`child.pid`). */
  child: ChildProcess;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * The process that serves the dashboard: on Linux with glibc the launcher starts it again as its only
 * child (bin/relaunch.mjs), a node running the same script; elsewhere the launcher itself.
 */
export function dashboardPid(launcherPid: number): number {
  try {
    const children = readFileSync(`/proc/${launcherPid}/task/${launcherPid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    const relaunched = children.filter((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('sessionscope'));
    return relaunched.length === 1 ? (relaunched[0] as number) : launcherPid;
  } catch {
    return launcherPid;
  }
}

/**
 * Starts `bin/sessionscope.mjs --port 0` on the given folders with an empty HOME; resolves when it is
 * ready. `launcher` starts another copy instead (an installed package's `bin/sessionscope`), from HOME.
 */
export async function startServer(dirs: ServerDirs, extraArgs: string[] = [], extraEnv: Record<string, string> = {}, launcher?: string): Promise<StartedServer> {
  if (!launcher) await ensureTestBuild();
  const home = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-home-'));
  const missing = path.join(home, 'none');
  const args = [
    launcher ?? path.join(root, 'bin', 'sessionscope.mjs'), '--port', '0',
    '--opencode-dir', dirs.opencodeDir,
    '--omp-dir', dirs.ompDir ?? missing,
    '--pi-dir', dirs.piDir ?? missing,
    '--claude-dir', dirs.claudeDir ?? missing,
    '--codex-dir', dirs.codexDir ?? missing,
    '--gemini-dir', dirs.geminiDir ?? missing,
    ...(dirs.projects ?? []).flatMap((p) => ['--project', p]),
    ...extraArgs,
  ];
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', HOME: home, SESSIONSCOPE_DIST_DIR: TEST_DIST_DIR, NEXT_TELEMETRY_DISABLED: '1' };
  for (const key of Object.keys(env)) {
    if ((key.startsWith('SESSIONSCOPE_') && key !== 'SESSIONSCOPE_DIST_DIR') || key.startsWith('XDG_') || key === 'OPENCODE_DB' || key.startsWith('VITEST') || key === 'NODE_OPTIONS') delete env[key];
  }
  Object.assign(env, extraEnv);
  const child = spawn(process.execPath, args, { cwd: launcher ? home : root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
    }
    rmSync(home, { recursive: true, force: true });
  };
  const ready = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error('server did not become ready within 60 s')), 60_000);
    const check = (): void => {
      const match = /ready on (http:\/\/\S+?):(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    };
    const fail = (error: Error): void => {
      clearTimeout(timer);
      void stop();
      reject(new Error(`${error.message}\n${output}`));
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => fail(new Error(`server exited with ${code} before it was ready`)));
  });
  const port = Number(ready[2]);
  return { url: `${ready[1]}:${port}`, port, pid: dashboardPid(child.pid ?? -1), child, output: () => output, stop };
}
