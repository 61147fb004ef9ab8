import 'server-only';

/** A cache write that cannot be done now, and since when (shown in /api/health). */
export interface CacheWriteProblem {
  what: string;
  reason: string;
  since: number;
  /** Failed tries so far; the next is `retryInMs` after the last. */
  failures: number;
  retryInMs: number;
}

const problems = new Map<string, CacheWriteProblem>();

/** Cache writes failing right now (a full disk, a read-only cache folder), for diagnostics. */
export function cacheWriteProblems(): CacheWriteProblem[] {
  return [...problems.values()];
}

/** What a failed write says, without its stack: a full disk is one line in diagnostics, not 15 traces a second. */
export function describeWriteError(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  const message = (error as Error | undefined)?.message ?? String(error);
  if (code === 'SQLITE_FULL' || code === 'ENOSPC') return `the disk is full (${message})`;
  return typeof code === 'string' ? `${code}: ${message}` : message;
}

/**
 * Growing pauses for a cache write that keeps failing (a full disk): the first failure is said
 * once (log and /api/health), each next try waits twice as long up to `maxMs`, the dashboard keeps
 * serving meanwhile, and the first success clears it. One per thing written (the summary index,
 * the search index, the session database).
 */
export class CacheWriteBackoff {
  private failures = 0;
  private until = 0;

  constructor(
    readonly what: string,
    private readonly firstMs = 1_000,
    private readonly maxMs = 5 * 60_000,
  ) {}

  /** Whether a write should wait (a failure's pause is not over). */
  waiting(now = Date.now()): boolean {
    return now < this.until;
  }

  /** How long until the next try may run (0 when it may run now). */
  remainingMs(now = Date.now()): number {
    return Math.max(0, this.until - now);
  }

  /** After a failed write: the pause before the next try. */
  failed(error: unknown, now = Date.now()): number {
    this.failures++;
    const pause = Math.min(this.maxMs, this.firstMs * 2 ** (this.failures - 1));
    this.until = now + pause;
    const reason = describeWriteError(error);
    const known = problems.get(this.what);
    if (!known) console.warn(`[sessionscope] cannot write ${this.what}: ${reason}; trying again less and less often (the dashboard keeps serving)`);
    problems.set(this.what, { what: this.what, reason, since: known?.since ?? now, failures: this.failures, retryInMs: pause });
    return pause;
  }

  succeeded(): void {
    if (this.failures === 0) return;
    this.failures = 0;
    this.until = 0;
    problems.delete(this.what);
    console.warn(`[sessionscope] writing ${this.what} again`);
  }
}
