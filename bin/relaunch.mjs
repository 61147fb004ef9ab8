// The dashboard runs in a child of the `sessionscope` process on Linux with glibc, started with
// `GLIBC_TUNABLES=glibc.malloc.trim_threshold=1048576`. glibc gives memory a thread freed back to the
// system only from the top of that thread's arena, and only once more than a threshold is free there;
// that threshold grows with the largest block freed (up to 64 MB), and the search build's workers free
// tens of MB of SQLite pages and batches. At 20,000 sessions a dashboard kept ~80 MB of such freed
// memory resident for the rest of its life (291 MB 30 s after its first search index, 208 MB with the
// threshold fixed at 1 MB). glibc reads the setting only when a process starts: hence the child. The
// launcher stays as a small parent (~9 MB of its own) that passes signals on and exits as the child did.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { SUBCOMMANDS } from './subcommand.mjs';

const MALLOC_TUNABLES = 'glibc.malloc.trim_threshold=1048576';
/** Set in the child: the launcher's pid (the child ends itself when that process is gone). */
const LAUNCHER_ENV = 'SESSIONSCOPE_LAUNCHER_PID';
/**
 * And V8's heap grows at most 2x past what a full collection left (its default goes up to 4x while
 * collections are cheap): a cold start's first read of 20,000 sessions, beside the search build,
 * peaked at 702 MB against 802-857 MB, its first total and search as soon (one run each). Flags of
 * the user's own (`node --heap-growing-percent=N bin/sessionscope.mjs`) come after it and win.
 */
const V8_FLAGS = ['--heap-growing-percent=100'];
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
/** What runs and exits rather than serving the dashboard (a command, help, the version): never relaunched. */
const ONE_SHOT_FLAGS = new Set(['--help', '-h', '--version', '-v']);

function servesDashboard(args) {
  return !SUBCOMMANDS.includes(args[0] ?? '') && !args.some((arg) => ONE_SHOT_FLAGS.has(arg));
}

/** glibc's C library is mapped into this process (libc.so.6; musl's is another name): a look at /proc, not process.report's 5 ms. */
function runsOnGlibc() {
  if (process.platform !== 'linux') return false;
  try {
    return /\/libc\.so\.6$/m.test(readFileSync('/proc/self/maps', 'utf8'));
  } catch {
    return false;
  }
}

/**
 * In the child: forgets the launcher's variables (the browser, builds and anything else it starts get
 * the environment the user gave) and ends the dashboard, as SIGTERM would, once the launcher is gone
 * (killed with SIGKILL: nothing else would stop it). Returns whether this process is that child.
 */
function adoptLaunch(env = process.env) {
  const launcher = Number(env[LAUNCHER_ENV]);
  if (!Number.isInteger(launcher) || launcher <= 0) return false;
  delete env[LAUNCHER_ENV];
  if (env.GLIBC_TUNABLES === MALLOC_TUNABLES) delete env.GLIBC_TUNABLES;
  setInterval(() => {
    if (process.ppid !== launcher) process.kill(process.pid, 'SIGTERM');
  }, 1_000).unref();
  return true;
}

/**
 * Starts the dashboard again in a child with the tunables and V8_FLAGS, unless `args` (the command line) runs a
 * command or asks for help or the version, this process is that child already, the user set
 * GLIBC_TUNABLES themselves, `SESSIONSCOPE_NO_RELAUNCH=1`, or the C library is not glibc.
 * Resolves when this process should serve the dashboard itself; otherwise never settles: the
 * launcher exits with the child's code, or by the signal that ended it.
 */
export function relaunchForMemory(args, env = process.env) {
  if (adoptLaunch(env)) return Promise.resolve();
  if (!servesDashboard(args) || env.GLIBC_TUNABLES !== undefined || env.SESSIONSCOPE_NO_RELAUNCH === '1' || !runsOnGlibc()) return Promise.resolve();
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(process.execPath, [...V8_FLAGS, ...process.execArgv, ...process.argv.slice(1)], {
        stdio: 'inherit',
        env: { ...env, GLIBC_TUNABLES: MALLOC_TUNABLES, [LAUNCHER_ENV]: String(process.pid) },
      });
    } catch {
      resolve();
      return;
    }
    // A terminal's Ctrl-C reaches both; a `kill` of the launcher reaches the dashboard through it.
    const pass = (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    };
    for (const signal of SIGNALS) process.on(signal, pass);
    let started = false;
    child.once('spawn', () => (started = true));
    child.once('error', (error) => {
      for (const signal of SIGNALS) process.removeListener(signal, pass);
      if (started) {
        console.error(`sessionscope: the dashboard's process failed: ${error.message}`);
        process.exit(1);
      }
      // Not started (no process could be made): the dashboard runs here, with glibc's defaults.
      resolve();
    });
    child.once('exit', (code, signal) => {
      for (const s of SIGNALS) process.removeListener(s, pass);
      if (signal) process.kill(process.pid, signal);
      else process.exit(code ?? 1);
    });
  });
}
