import 'server-only';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/*
 * After a one-off read of a whole history the heap holds as much garbage as live data (the first
 * read's rows, a search build's facts), and an idle dashboard allocates too little for V8 to
 * collect it: it stays until V8's memory reducer notices the quiet, some 25 s later, and it adds
 * to the peak of what runs next (the search build's workers). A full collection at those few
 * points gives it back at once. Never on a path that repeats (a request, a live update).
 */

let collect: (() => void) | null | undefined;

function collector(): (() => void) | null {
  if (collect !== undefined) return collect;
  try {
    // `gc` exists only with --expose-gc: the flag set now is seen by a new context's globals.
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    collect = typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    collect = null;
  }
  return collect;
}

/** A full garbage collection on the next turn (after what is under way), if the engine allows it. */
export function releaseMemorySoon(): void {
  setImmediate(() => collector()?.());
}
