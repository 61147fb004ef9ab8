/**
 * Local calendar keys for timestamps: `day` = "YYYY-MM-DD", `hour` = "YYYY-MM-DDTHH",
 * `week` = ISO week "YYYY-Www" (weeks start on Monday; the year is the ISO week-year),
 * `month` = "YYYY-MM".
 * The zone is an IANA name ("Europe/Paris"), a fixed offset ("+05:30", "UTC", "Z") or minutes
 * east of UTC; `undefined` means the process's own zone.
 */
export type TimeZoneSpec = string | number | undefined;

export interface TimeKeyer {
  day(ms: number): string;
  hour(ms: number): string;
  week(ms: number): string;
  month(ms: number): string;
}

const QUARTER_HOUR = 15 * 60_000;
const DAY_MS = 86_400_000;
const OFFSET = /^(?:UTC|GMT)?([+-])(\d{1,2})(?::?(\d{2}))?$/i;

/** Minutes east of UTC for a fixed-offset spec, `undefined` for an IANA name or the default. */
export function fixedOffsetMinutes(zone: TimeZoneSpec): number | undefined {
  if (typeof zone === 'number') return zone;
  if (zone === undefined) return undefined;
  if (/^(?:Z|UTC|GMT)$/i.test(zone)) return 0;
  const m = OFFSET.exec(zone);
  if (!m) return undefined;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === '-' ? -minutes : minutes;
}

const pad = (n: number) => String(n).padStart(2, '0');

function offsetHourKey(ms: number, offsetMinutes: number): string {
  const d = new Date(ms + offsetMinutes * 60_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}`;
}

function zoneHourKey(format: Intl.DateTimeFormat, ms: number): string {
  const p = zoneParts(format, ms);
  return `${p.year}-${p.month}-${p.day}T${p.hour === '24' ? '00' : p.hour}`;
}

function zoneParts(format: Intl.DateTimeFormat, ms: number): Record<string, string> {
  const p: Record<string, string> = {};
  for (const part of format.formatToParts(ms)) p[part.type] = part.value;
  return p;
}

/** A format of the zone's local date and time to the minute (`undefined`: the process's own zone). */
function zoneFormat(zone: TimeZoneSpec): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone === undefined ? undefined : String(zone),
    year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  });
}

/** From `fromMs` (to the next span's start) the zone is `offsetMinutes` east of UTC. */
export interface OffsetSpan {
  fromMs: number;
  offsetMinutes: number;
}

/**
 * The zone's offsets from `fromMs` to `toMs`: one span for a fixed offset, and one more at each
 * change of an IANA zone (a zone changes at most once a day, as the keyer assumes). The first span
 * starts at -Infinity, so that every time before `toMs` has one.
 */
export function zoneOffsetSpans(zone: TimeZoneSpec, fromMs: number, toMs: number): OffsetSpan[] {
  const fixed = fixedOffsetMinutes(zone);
  if (fixed !== undefined) return [{ fromMs: -Infinity, offsetMinutes: fixed }];
  const format = zoneFormat(zone);
  const at = (ms: number) => zoneOffsetAt(format, ms);
  let t = fromMs;
  let current = at(t);
  const spans: OffsetSpan[] = [{ fromMs: -Infinity, offsetMinutes: current }];
  while (t < toMs) {
    const next = Math.min(t + DAY_MS, toMs);
    if (at(next) === current) {
      t = next;
      continue;
    }
    // The offset is `current` at `low` and another at `high`: narrowed to a minute, then the change
    // is the quarter hour that minute is in (zones change on quarter-hour boundaries).
    let low = t;
    let high = next;
    while (high - low > 60_000) {
      const mid = low + Math.max(1, Math.floor((high - low) / 120_000)) * 60_000;
      if (at(mid) === current) low = mid;
      else high = mid;
    }
    current = at(high);
    spans.push({ fromMs: Math.floor(high / QUARTER_HOUR) * QUARTER_HOUR, offsetMinutes: current });
    t = high;
  }
  return spans;
}

/** Minutes east of UTC that the zone of `format` (which shows minutes) is at `ms`. */
function zoneOffsetAt(format: Intl.DateTimeFormat, ms: number): number {
  const p = zoneParts(format, ms);
  const local = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), p.hour === '24' ? 0 : Number(p.hour), Number(p.minute));
  return Math.round((local - Math.floor(ms / 60_000) * 60_000) / 60_000);
}

/**
 * Every zone in use shifts by whole quarter hours and changes offset on a quarter-hour boundary,
 * so keys are cached per quarter hour. An IANA zone's offset is looked up per UTC day (at its
 * start, middle and end: a zone changes at most once a day): formatting a date in a named zone
 * costs microseconds, and a year of history has 35,000 quarter hours but 365 days.
 */
export function createTimeKeyer(zone?: TimeZoneSpec): TimeKeyer {
  const offset = fixedOffsetMinutes(zone);
  const format = offset === undefined ? zoneFormat(zone) : undefined;
  /** A UTC day's offset in minutes, or null where it changes during that day. */
  const dayOffsets = new Map<number, number | null>();
  const offsetOfDay = (f: Intl.DateTimeFormat, ms: number): number | null => {
    const utcDay = Math.floor(ms / DAY_MS);
    let known = dayOffsets.get(utcDay);
    if (known === undefined) {
      const start = utcDay * DAY_MS;
      const [a, b, c] = [start, start + DAY_MS / 2, start + DAY_MS - 60_000].map((t) => zoneOffsetAt(f, t));
      known = a === b && b === c ? (a as number) : null;
      dayOffsets.set(utcDay, known);
    }
    return known;
  };
  const hours = new Map<number, string>();
  const days = new Map<number, string>();
  const hour = (ms: number): string => {
    const slot = Math.floor(ms / QUARTER_HOUR);
    let key = hours.get(slot);
    if (key === undefined) {
      const minutes = format ? offsetOfDay(format, ms) : (offset ?? 0);
      key = minutes === null && format ? zoneHourKey(format, ms) : offsetHourKey(ms, minutes ?? 0);
      hours.set(slot, key);
    }
    return key;
  };
  const day = (ms: number): string => {
    const slot = Math.floor(ms / QUARTER_HOUR);
    let key = days.get(slot);
    if (key === undefined) {
      key = hour(ms).slice(0, 10);
      days.set(slot, key);
    }
    return key;
  };
  const weeks = new Map<string, string>();
  const week = (ms: number): string => {
    const d = day(ms);
    let key = weeks.get(d);
    if (key === undefined) weeks.set(d, (key = isoWeekOfDay(d)));
    return key;
  };
  const month = (ms: number): string => day(ms).slice(0, 7);
  return { day, hour, week, month };
}

/** Keyers kept per zone: what one stats pass worked out serves the next (after every live change). */
const SHARED_KEYERS = 8;
const sharedKeyers = new Map<string, TimeKeyer>();

/** The process's keyer for `zone`, its caches shared by every caller (a few zones at most are kept). */
export function sharedTimeKeyer(zone?: TimeZoneSpec): TimeKeyer {
  const name = `${typeof zone}:${String(zone)}`;
  let keyer = sharedKeyers.get(name);
  if (!keyer) {
    if (sharedKeyers.size >= SHARED_KEYERS) sharedKeyers.delete(sharedKeyers.keys().next().value as string);
    sharedKeyers.set(name, (keyer = createTimeKeyer(zone)));
  }
  return keyer;
}

/** The ISO week ("2026-W47") of a calendar day "YYYY-MM-DD": weeks start on Monday, week 1 holds the year's first Thursday. */
export function isoWeekOfDay(dayKey: string): string {
  const date = Date.parse(`${dayKey}T00:00:00Z`);
  const weekday = (new Date(date).getUTCDay() + 6) % 7; // Monday 0 ... Sunday 6
  const thursday = new Date(date + (3 - weekday) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${year}-W${pad(week)}`;
}

/** The Monday ("YYYY-MM-DD") an ISO week key ("2026-W47") starts on. */
export function mondayOfIsoWeek(weekKey: string): string {
  const m = /^(\d{4})-W(\d{2})$/.exec(weekKey);
  if (!m) return weekKey;
  const jan4 = Date.UTC(Number(m[1]), 0, 4);
  const weekOneMonday = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * DAY_MS;
  return new Date(weekOneMonday + (Number(m[2]) - 1) * 7 * DAY_MS).toISOString().slice(0, 10);
}

/** Whether `zone` can key timestamps (request parameters are checked with this). */
export function isValidTimeZone(zone: TimeZoneSpec): boolean {
  if (fixedOffsetMinutes(zone) !== undefined || zone === undefined) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: String(zone) });
    return true;
  } catch {
    return false;
  }
}
