import { fixedOffsetMinutes, type TimeZoneSpec } from '@/lib/accounting/time-keys';

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-11-26 16:00" in `zone` (an IANA name, a fixed offset, or this machine's zone). */
export function formatLocalTime(ms: number, zone?: TimeZoneSpec): string {
  const offset = fixedOffsetMinutes(zone);
  if (offset !== undefined) {
    const d = new Date(ms + offset * 60_000);
    return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  }
  const parts: Record<string, string> = {};
  const format = new Intl.DateTimeFormat('en-US', { timeZone: zone === undefined ? undefined : String(zone), year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  for (const part of format.formatToParts(ms)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour === '24' ? '00' : parts.hour}:${parts.minute}`;
}

/** "2h 05m", "45m": a span of minutes as a clock reads it. */
export function formatSpan(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  return minutes >= 60 ? `${Math.floor(minutes / 60)}h ${pad(minutes % 60)}m` : `${minutes}m`;
}
