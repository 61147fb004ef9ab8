import 'server-only';

/** SQLSTATE classes and codes that say the connection or the server went away, not that the request was wrong. */
const TRANSIENT_STATES = new Set(['57P01', '57P02', '57P03', '53300', '40001', '40P01']);
const TRANSIENT_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** Whether the same request may succeed later (the team database restarting, a dropped connection). */
export function isTransient(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string' && (TRANSIENT_ERRNOS.has(code) || TRANSIENT_STATES.has(code) || code.startsWith('08'))) return true;
  return /Connection terminated|connection timeout|Client has encountered a connection error|the database system is (starting up|shutting down)/i.test((error as Error | undefined)?.message ?? '');
}

export interface RetryOptions {
  /** How long to keep trying after the first failure, in ms (Infinity: until it works). */
  retryFor: number;
  /** Told of each failure that will be retried, with the wait before the next attempt. */
  onRetry?(error: unknown, waitMs: number): void;
  sleep?(ms: number): Promise<void>;
}

// Not unref'd: a command waiting to retry is what keeps its process alive.
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `task` until it succeeds, waiting 0.5 s, 1 s, 2 s ... (at most 30 s) between attempts while
 * its failures are transient; any other failure, or one past `retryFor`, is thrown. Tasks are
 * whole transactions that may run twice (see publish-batch.ts).
 */
export async function withRetry<T>(task: () => Promise<T>, options: RetryOptions): Promise<T> {
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    try {
      return await task();
    } catch (error) {
      const waitMs = Math.min(30_000, 500 * 2 ** attempt);
      if (!isTransient(error) || Date.now() + waitMs - started > options.retryFor) throw error;
      options.onRetry?.(error, waitMs);
      await (options.sleep ?? wait)(waitMs);
    }
  }
}
