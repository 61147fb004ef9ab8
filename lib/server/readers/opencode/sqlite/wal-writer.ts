import 'server-only';
import { readFileSync, statSync } from 'node:fs';

/**
 * Whether a process has the database's WAL index (`-shm`) open, i.e. a connection (OpenCode)
 * is attached. Every SQLite connection in WAL mode holds a shared POSIX lock on a byte of `-shm`
 * for as long as it is open; the kernel lists it in /proc/locks by inode. A `-shm` nobody holds was
 * left by a crash: opening the database then makes SQLite rebuild (write) that `-shm`, so the
 * caller must not open it in place. Where /proc/locks cannot be read, assume a writer (the old rule).
 */
export function writerAttached(dbPath: string, locks = readLocks()): boolean {
  const shm = statSync(`${dbPath}-shm`, { throwIfNoEntry: false });
  if (!shm) return false;
  if (locks === undefined) return true;
  // "1: POSIX  ADVISORY  READ 1234 fe:00:2189586 128 128" (waiters start with "->"). Our own
  // connection counts too: while it is open, SQLite has nothing to rebuild.
  const inode = `:${shm.ino} `;
  return locks.split('\n').some((line) => line.includes(inode) && /\bPOSIX\b/.test(line));
}

function readLocks(): string | undefined {
  try {
    return readFileSync('/proc/locks', 'utf8');
  } catch {
    return undefined;
  }
}
