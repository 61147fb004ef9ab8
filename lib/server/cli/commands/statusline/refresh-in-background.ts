import 'server-only';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { sessionscopeCacheDir } from '../../../config';
import { claimPrivateLock, releasePrivateLock } from '../../../fs/private-cache';

/** A refresh that has run this long has died: the next status line starts another. */
const STALE_MS = 10 * 60_000;

const lockFile = () => path.join(sessionscopeCacheDir(), 'statusline-refresh.lock');

/**
 * Brings the session database up to the history in a detached process (`statusline --refresh`),
 * one at a time: the status line itself answers from the database as it stands, at once.
 */
export function refreshInBackground(): boolean {
  if (!claimPrivateLock(lockFile(), STALE_MS)) return false;
  const launcher = process.argv[1];
  if (!launcher) {
    releasePrivateLock(lockFile());
    return false;
  }
  // The data folders given as flags are in the environment already (applyDataOptions).
  spawn(process.execPath, [launcher, 'statusline', '--refresh'], { detached: true, stdio: 'ignore', env: process.env }).unref();
  return true;
}

/** The refresh's own end: whatever happened, the next status line may start another. */
export function refreshDone(): void {
  releasePrivateLock(lockFile());
}
