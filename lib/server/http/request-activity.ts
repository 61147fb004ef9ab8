import 'server-only';

/**
 * Page and API requests being answered right now. `bin/sessionscope.mjs` counts them on the
 * process (the same symbol), around Next's handler; the live event stream is not counted.
 */
const KEY = Symbol.for('sessionscope.requests');
type GlobalWithActivity = typeof globalThis & { [KEY]?: { inFlight: number } };

export function requestsInFlight(): number {
  return (globalThis as GlobalWithActivity)[KEY]?.inFlight ?? 0;
}

/**
 * Lets waiting work run before the next stage of a long read, and lets requests under way finish
 * first (at most `maxWaitMs`): a response needs a few turns of the event loop on its way out,
 * and each one used to wait for a whole stage.
 */
export async function yieldToRequests(maxWaitMs = 100): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  const started = performance.now();
  while (requestsInFlight() > 0 && performance.now() - started < maxWaitMs) await new Promise((resolve) => setTimeout(resolve, 1));
}
