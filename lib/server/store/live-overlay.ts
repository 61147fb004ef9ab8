import 'server-only';
import type { StreamingText } from '@/lib/sessions/merge-streaming';
import type { LiveSessionState } from '@/lib/status/live-status';

/** What a live source (OpenCode's server) lays over the disk's records; the store asks, never stores it. */
export interface LiveOverlay {
  sessionState(sessionID: string): LiveSessionState | undefined;
  streamingOf(sessionID: string): StreamingText[];
}
