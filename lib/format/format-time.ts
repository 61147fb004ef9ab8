const pad = (n: number) => String(n).padStart(2, '0');

/** Exact local time for `title` attributes: "2025-03-04 14:05:09". */
export function formatExactTime(ms: number): string {
  if (!Number.isFinite(ms) || ms <= 0) return '';
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** "just now", "5 min ago", "3 h ago", "yesterday", "4 d ago", then the date. Future times read "in …". */
export function formatRelativeTime(ms: number, now: number): string {
  if (!Number.isFinite(ms) || ms <= 0) return 'never';
  const diff = now - ms;
  const future = diff < 0;
  const abs = Math.abs(diff);
  const say = (text: string) => (future ? `in ${text}` : `${text} ago`);
  if (abs < 45_000) return 'just now';
  if (abs < 3_600_000) return say(`${Math.max(1, Math.round(abs / 60_000))} min`);
  if (abs < 86_400_000) return say(`${Math.round(abs / 3_600_000)} h`);
  const days = Math.round(abs / 86_400_000);
  if (days === 1) return future ? 'tomorrow' : 'yesterday';
  if (days < 30) return say(`${days} d`);
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Local calendar day key, the same as the stats API's `day` groups: "2025-03-04". */
export function localDayKey(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Local hour key, the same as the stats API's `hour` groups: "2025-03-04T14". */
export function localHourKey(ms: number): string {
  return `${localDayKey(ms)}T${pad(new Date(ms).getHours())}`;
}
