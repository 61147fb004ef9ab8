'use client';
import { useEffect, useState } from 'react';
import { useLiveState } from '@/components/live/live-context';
import { formatExactTime } from '@/lib/format/format-time';

/** A blip (the stream reconnecting) is not worth a banner; a server that stays away is. */
const GRACE_MS = 1_500;

/** When the server stops answering, says so above every page: what is on screen may be out of date. */
export function StaleBanner() {
  const state = useLiveState();
  const [since, setSince] = useState<number | undefined>(undefined);
  useEffect(() => {
    if (state !== 'disconnected') return;
    const lostAt = Date.now();
    const timer = setTimeout(() => setSince(lostAt), GRACE_MS);
    return () => {
      clearTimeout(timer);
      setSince(undefined);
    };
  }, [state]);
  if (state !== 'disconnected' || since === undefined) return null;
  return (
    <div className="banner banner-warning stale-banner" role="alert" data-testid="stale-banner">
      Lost the connection to Sessionscope at {formatExactTime(since)}: the data on this page may be stale. Retrying… (is the dashboard still running?)
    </div>
  );
}
