import 'server-only';

/**
 * Page and API requests being answered right now. `bin/sessionscope.mjs` counts them on the
 * process (the same symbol), around Next's handler; the live event stream is not counted.
 */
const KEY = Symbol.for('sessionscope.requests');
type GlobalWithActivity = typeof globalThis & { [KEY]?: { inFlight: number; totals?: number } };

export function requestsInFlight(): number {
  return (globalThis as GlobalWithActivity)[KEY]?.inFlight ?? 0;
}

/** Requests for totals (`/api/stats`) being answered: they need the session database alone. */
export function totalsInFlight(): number {
  return (globalThis as GlobalWithActivity)[KEY]?.totals ?? 0;
}

/**
 * Lets waiting work run before the next stage of a long read, and lets requests under way finish
 * first (at most `maxWaitMs`): a response needs a few turns of the event loop on its way out,
 * and each one used to wait for a whole stage.
 */
export async function yieldToRequests(maxWaitMs = 100, inFlight: () => number = requestsInFlight): Promise<void> {
  await aLoopTurn();
  const started = performance.now();
  while (inFlight() > 0 && performance.now() - started < maxWaitMs) await new Promise((resolve) => setTimeout(resolve, 1));
}

/**
 * Resolves once the event loop has polled for new I/O (a request that came meanwhile is taken in).
 * One `setImmediate` is not enough when the work ran from an I/O callback or a promise it
 * resolved: it runs in the same turn's check phase, before any new I/O, so two stages of a read
 * ran back to back (a full re-read held requests for 270 ms at its start).
 */
async function aLoopTurn(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
}
