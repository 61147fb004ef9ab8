import 'server-only';

type Cleanup = () => void;

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const KEY = Symbol.for('sessionscope.exitCleanups');

interface Registry {
  cleanups: Set<Cleanup>;
  installed: boolean;
}

function registry(): Registry {
  const g = globalThis as { [KEY]?: Registry };
  return (g[KEY] ??= { cleanups: new Set(), installed: false });
}

/** Runs every registered cleanup once (synchronous: an `exit` handler cannot wait). */
export function runExitCleanups(): void {
  const { cleanups } = registry();
  for (const cleanup of [...cleanups]) {
    cleanups.delete(cleanup);
    try {
      cleanup();
    } catch {
      // One failed cleanup must not keep the others from running.
    }
  }
}

function onSignal(signal: NodeJS.Signals): void {
  runExitCleanups();
  // Nobody else handles it: end the way the signal would have ended us without a handler.
  process.removeListener(signal, onSignal);
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

/**
 * Registers `cleanup` (e.g. removing a temporary file) to run on SIGINT, SIGTERM, SIGHUP and normal
 * exit; returns a function that runs it now and unregisters it. Kept on `globalThis`, so Next's
 * separate server entries share one registry and one set of handlers. A crash or SIGKILL skips it:
 * whoever makes temporary files also removes those of dead processes at start.
 */
export function onExit(cleanup: Cleanup): () => void {
  const reg = registry();
  if (!reg.installed) {
    reg.installed = true;
    for (const signal of SIGNALS) process.on(signal, onSignal);
    process.on('exit', runExitCleanups);
  }
  let done = false;
  const once: Cleanup = () => {
    if (done) return;
    done = true;
    cleanup();
  };
  reg.cleanups.add(once);
  return () => {
    reg.cleanups.delete(once);
    once();
  };
}
