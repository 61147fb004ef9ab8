import { createHash } from 'node:crypto';

/*
 * Trace and span ids are hashes of the sources' own ids, never random: a re-export of the same
 * turn sends the same ids, so a backend that keys by id (Tempo, Phoenix) overwrites instead of
 * doubling, and the ledger can name what it already sent.
 */
function hexOf(key: string, chars: number): string {
  const hex = createHash('sha256').update(key).digest('hex').slice(0, chars);
  // An all-zero id is invalid in OpenTelemetry; a hash gives one with probability 2^-64 at worst.
  return /^0+$/.test(hex) ? `${hex.slice(0, -1)}1` : hex;
}

/** 16 bytes (32 hex digits) for a trace: one turn of a root session. */
export function traceIdOf(key: string): string {
  return hexOf(`trace:${key}`, 32);
}

/** 8 bytes (16 hex digits) for a span. */
export function spanIdOf(key: string): string {
  return hexOf(`span:${key}`, 16);
}
