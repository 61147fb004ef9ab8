/**
 * OpenCode ids: `<prefix>_` + 12 hex (low 48 bits of ms*0x1000+counter; sessions bit-inverted)
 * + 14 base62. The 48 bits wrapped on 2026-08-14, so ids never order or date anything on their own.
 * They are only a tie-break between records created close together, compared on the circle.
 */
const ID_PATTERN = /^[a-z]{2,5}_([0-9a-f]{12})[0-9A-Za-z]{14}$/;
const HALF_RANGE = 2 ** 47;
const FULL_RANGE = 2 ** 48;

/** Any id a source could plausibly use: no path separators, no control characters, bounded. */
export function isPlausibleId(id: string): boolean {
  return id.length > 0 && id.length <= 200 && !/[\\/\u0000-\u001f]/.test(id) && id !== '.' && id !== '..';
}

function counterOf(id: string): number | undefined {
  const hex = ID_PATTERN.exec(id)?.[1];
  return hex === undefined ? undefined : Number.parseInt(hex, 16);
}

/**
 * Orders two ascending ids made within ~4 years of each other, across the 48-bit wrap.
 * Falls back to plain string order for ids that do not follow the format (plugins inject those).
 */
export function compareIdsCircular(a: string, b: string): number {
  const ca = counterOf(a);
  const cb = counterOf(b);
  if (ca === undefined || cb === undefined) return a < b ? -1 : a > b ? 1 : 0;
  if (ca === cb) return a < b ? -1 : a > b ? 1 : 0;
  const forward = (cb - ca + FULL_RANGE) % FULL_RANGE;
  return forward < HALF_RANGE ? -1 : 1;
}
