import { createTimeKeyer, type TimeZoneSpec } from '@/lib/accounting/time-keys';

const QUARTER_HOUR_MS = 900_000;
const DAY = /^(\d{4})-?(\d{2})-?(\d{2})$/;

/** "2026-11-26" or "20261126" (as ccusage takes it) as "2026-11-26"; undefined when it is no date. */
export function parseDayArg(text: string): string | undefined {
  const m = DAY.exec(text.trim());
  if (!m) return undefined;
  const day = `${m[1]}-${m[2]}-${m[3]}`;
  const ms = Date.parse(`${day}T00:00:00Z`);
  // Date.parse takes "2026-02-31" (as March 3rd): only a day that reads back the same is one.
  return Number.isFinite(ms) && new Date(ms).toISOString().startsWith(day) ? day : undefined;
}

/**
 * The first instant (ms) of a calendar day in `zone`. Zones change their offset on quarter hours
 * at the finest, so the first quarter hour keyed to the day is where it starts (a day that a
 * change skips the midnight of starts at 01:00).
 */
export function startOfLocalDay(day: string, zone?: TimeZoneSpec): number {
  const keyer = createTimeKeyer(zone);
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  // Offsets run from -12 h to +14 h: the day starts within that window around its UTC midnight.
  for (let t = utcMidnight - 15 * 3_600_000; t <= utcMidnight + 13 * 3_600_000; t += QUARTER_HOUR_MS) if (keyer.day(t) === day) return t;
  return utcMidnight;
}

/** The day after "YYYY-MM-DD". */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
