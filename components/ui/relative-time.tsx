'use client';
import { formatExactTime, formatRelativeTime } from '@/lib/format/format-time';
import { useNow } from './use-now';

export function RelativeTime({ ms }: { ms: number | undefined }) {
  const now = useNow();
  if (!ms) return <span className="muted">—</span>;
  return (
    <time dateTime={new Date(ms).toISOString()} title={formatExactTime(ms)}>
      {formatRelativeTime(ms, now)}
    </time>
  );
}
