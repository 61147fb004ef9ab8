import 'server-only';

/** SQLite's answer when another connection (another dashboard) holds the write lock longer than the busy timeout. */
export function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_') || code === 'SQLITE_LOCKED');
}

/**
 * Runs a write again while the file is busy, off a thread that may block (the build worker):
 * each try already waits the connection's busy timeout inside SQLite.
 */
export function retryBusySync<T>(task: () => T, tries: number): T {
  for (let n = 1; ; n++) {
    try {
      return task();
    } catch (error) {
      if (!isBusy(error) || n >= tries) throw error;
    }
  }
}

/**
 * Runs a write again while the file is busy, waiting between tries without holding the event
 * loop (the main thread answers requests meanwhile); gives up after `maxMs` with the last error.
 */
export async function retryBusy<T>(task: () => T, maxMs: number): Promise<T> {
  const until = Date.now() + maxMs;
  for (let wait = 50; ; wait = Math.min(wait * 2, 1_000)) {
    try {
      return task();
    } catch (error) {
      if (!isBusy(error) || Date.now() + wait > until) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
