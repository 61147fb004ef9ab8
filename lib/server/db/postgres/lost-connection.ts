import 'server-only';

/** SQLSTATEs the server sends as it closes a connection: stopped by an administrator (a restart), or after a crash. */
const CLOSED_BY_SERVER = new Set(['57P01', '57P02']);
const SOCKET_LOST = new Set(['ECONNRESET', 'EPIPE']);

/**
 * Whether a query failed because the connection it was sent on had been lost (the server restarted
 * or the link dropped), not because of the query or of the server being down now: sent on another
 * connection, it may well succeed. A refused or timed-out connection is not one (see publish/retry.ts
 * for what a publisher waits out).
 */
export function isLostConnection(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string') return CLOSED_BY_SERVER.has(code) || SOCKET_LOST.has(code);
  return /Connection terminated unexpectedly|Client has encountered a connection error and is not queryable/.test((error as Error | undefined)?.message ?? '');
}
