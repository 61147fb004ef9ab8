/**
 * Status is never stored by OpenCode; these thresholds turn what is on disk into a status.
 * Documented in the README ("Session status").
 */

/** A session that looks busy (open message, running tool) but has had no write for this long crashed or was killed. */
export const STALE_AFTER_MS = 10 * 60_000;

/** A turn that ended with `stop` shows as waiting for the user for this long, then as idle. */
export const WAITING_FOR_USER_WINDOW_MS = 2 * 60 * 60_000;

/** How often the server re-checks statuses that change with time alone (busy -> stale). */
export const STATUS_RECHECK_INTERVAL_MS = 15_000;
