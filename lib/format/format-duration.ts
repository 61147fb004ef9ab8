/** Durations for people: "850 ms", "12.4 s", "3 min 20 s", "2 h 5 min", "3 d 4 h". */
export function formatDuration(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  if (s < 60) return `${s < 10 ? s.toFixed(1) : Math.round(s)} s`;
  const totalS = Math.round(s);
  const min = Math.floor(totalS / 60);
  if (min < 60) return totalS % 60 ? `${min} min ${totalS % 60} s` : `${min} min`;
  const totalMin = Math.round(s / 60);
  const h = Math.floor(totalMin / 60);
  if (h < 24) return totalMin % 60 ? `${h} h ${totalMin % 60} min` : `${h} h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d} d ${h % 24} h` : `${d} d`;
}
