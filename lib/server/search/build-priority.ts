import 'server-only';
import os from 'node:os';

/**
 * The nice value of the search build's worker threads. A cold build now runs beside the store's
 * first read (every part, for tool calls and statuses), and the two compete for the same cores:
 * the store's read, on the server's thread, goes first, and the build takes what it leaves.
 */
export const BUILD_NICE = 10;

/**
 * Lowers the calling thread's priority (Linux keeps a nice value per thread: `setpriority` on pid 0
 * is this thread alone, not the server's). Call it from a worker thread only. Where the system
 * does not allow it, the build runs as it is.
 */
export function lowerThisThreadsPriority(): void {
  try {
    if (os.getPriority() < BUILD_NICE) os.setPriority(BUILD_NICE);
  } catch {
    // Not allowed here: the build runs at the server's priority.
  }
}
