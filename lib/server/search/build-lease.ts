import 'server-only';
import { hostname } from 'node:os';
import type Database from 'better-sqlite3';
import { z } from 'zod';

/*
 * Two dashboards on the same data share one index file: only the one holding the lease (a row of
 * `meta`) catches it up, the other waits, shows the holder's progress and searches what is
 * written. A holder that died (its pid is gone, or it stopped beating) loses the lease.
 */
const KEY = 'build-lease';
/** The dashboard that caught the index up last and follows the data live since (a lease given back). */
const FOLLOWER = 'followed-by';

/** A lease not renewed for this long is taken over (a holder whose pid lives in another namespace, or hangs). */
export const LEASE_STALE_MS = 30_000;

const leaseSchema = z.object({
  token: z.string(),
  pid: z.number(),
  host: z.string(),
  /** When the holder last renewed it (ms). */
  beat: z.number(),
  /** The holder's progress: sessions brought up to date, of those that needed it. */
  done: z.number().catch(0),
  total: z.number().catch(0),
});
export type Lease = z.infer<typeof leaseSchema>;

export function readLease(db: Database.Database, key = KEY): Lease | undefined {
  const value = db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?').get(key)?.value;
  if (value === undefined) return undefined;
  try {
    const parsed = leaseSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the holder may still be at work: renewed lately, and (on this machine) its process exists. */
export function leaseHeld(lease: Lease, now: number): boolean {
  if (now - lease.beat > LEASE_STALE_MS) return false;
  return lease.host !== hostname() || processExists(lease.pid);
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists (another user's).
    return (error as { code?: unknown }).code !== 'ESRCH';
  }
}

/**
 * Whether a dashboard that caught the index up is still running (on this machine): what it wrote
 * live since (sessions stored with the store's fingerprint alone) is then current, not a leftover
 * of a run that stopped before the data changed.
 */
export function followedLive(db: Database.Database): boolean {
  const follower = readLease(db, FOLLOWER);
  return follower !== undefined && follower.host === hostname() && processExists(follower.pid);
}

/** A dashboard that stops no longer follows the data. */
export function stopFollowing(db: Database.Database, token: string): void {
  db.transaction(() => {
    if (readLease(db, FOLLOWER)?.token === token) db.prepare('DELETE FROM meta WHERE key = ?').run(FOLLOWER);
  }).immediate();
}

/**
 * Takes the lease for `token` (or renews it) unless another holder is at work: returns that
 * holder, or how the lease was found once it is ours (`free`: given back or never taken;
 * `stale`: its holder died). In one IMMEDIATE transaction: two dashboards asking at once cannot
 * both get it. Throws SQLITE_BUSY when the file's write lock is held.
 */
export function takeLease(db: Database.Database, token: string, progress: { done: number; total: number }): Lease | 'free' | 'stale' {
  return db
    .transaction(() => {
      const now = Date.now();
      const current = readLease(db);
      const other = current !== undefined && current.token !== token;
      if (other && leaseHeld(current, now)) return current;
      writeLease(db, { token, pid: process.pid, host: hostname(), beat: now, done: progress.done, total: progress.total });
      return other ? 'stale' : 'free';
    })
    .immediate();
}

/** Renews the lease and publishes the holder's progress; false if it is not ours any more. */
export function renewLease(db: Database.Database, token: string, progress: { done: number; total: number }): boolean {
  return db
    .transaction(() => {
      const current = readLease(db);
      if (current?.token !== token) return false;
      writeLease(db, { ...current, beat: Date.now(), done: progress.done, total: progress.total });
      return true;
    })
    .immediate();
}

/** Gives the lease back, caught up: this dashboard follows the data live from now on. */
export function releaseLease(db: Database.Database, token: string): void {
  db.transaction(() => {
    const lease = readLease(db);
    if (lease?.token !== token) return;
    db.prepare('DELETE FROM meta WHERE key = ?').run(KEY);
    writeLease(db, { ...lease, beat: Date.now() }, FOLLOWER);
  }).immediate();
}

function writeLease(db: Database.Database, lease: Lease, key = KEY): void {
  db.prepare('INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, JSON.stringify(lease));
}
