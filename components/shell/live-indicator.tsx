'use client';
import { useLiveState } from '@/components/live/live-context';

const TEXT = { live: 'Live', connecting: 'Connecting…', disconnected: 'Disconnected' } as const;
const TITLE = {
  live: 'Receiving changes as OpenCode writes them',
  connecting: 'Connecting to the live event stream',
  disconnected: 'Lost the live event stream: retrying. Data on screen may be out of date; is sessionscope still running?',
} as const;

export function LiveIndicator() {
  const state = useLiveState();
  return (
    <span className={`live-indicator live-${state}`} title={TITLE[state]} data-testid="live-indicator" data-state={state} role="status">
      <span className="dot" aria-hidden />
      {TEXT[state]}
    </span>
  );
}
