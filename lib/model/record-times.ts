import type { MessageInfo } from './message';
import type { PartMeta } from './part-meta';
import type { SessionInfo } from './session';

/** The last millisecond of year 9999: later (or negative, or not finite) is no time an agent wrote. */
export const MAX_RECORD_TIME = 253_402_300_799_999;

/**
 * Whether `ms` is a time the dashboard can put on a calendar. `new Date(1e300)` is invalid and
 * `Intl` throws on it: one such value must skip its record, never fail a page.
 */
export function isRecordTime(ms: number | undefined): boolean {
  return ms === undefined || (Number.isFinite(ms) && ms >= 0 && ms <= MAX_RECORD_TIME);
}

/** The name of a record's first time out of range, or undefined when every time is usable. */
export function badTimeOfSession(s: SessionInfo): string | undefined {
  const { created, updated, compacting, archived } = s.time;
  return firstBad({ 'time.created': created, 'time.updated': updated, 'time.compacting': compacting, 'time.archived': archived });
}

export function badTimeOfMessage(m: MessageInfo): string | undefined {
  return firstBad({ 'time.created': m.time.created, 'time.completed': m.time.completed });
}

export function badTimeOfPart(p: PartMeta): string | undefined {
  return firstBad({ 'time.start': p.created, 'time.end': p.end, 'time.updated': p.updated });
}

function firstBad(times: Record<string, number | undefined>): string | undefined {
  for (const [name, ms] of Object.entries(times)) if (!isRecordTime(ms)) return name;
  return undefined;
}
