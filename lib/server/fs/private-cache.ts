import 'server-only';
import { chmodSync, closeSync, constants, lstatSync, mkdirSync, openSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/*
 * The one door to Sessionscope's own cache folder (`${XDG_CACHE_HOME:-~/.cache}/sessionscope`):
 * the summary index, the search index (whose FTS5 vocabulary lists every indexed word: any secret
 * a transcript holds), the session database. Everything in it is private to the user: the folder
 * 0700 and every file 0600, whatever existed before; a file there that is a link is never opened
 * through (with `summary-index.db` linked to `opencode.db`, tables were written into OpenCode's
 * database): the link is removed (never what it points to) and the file made anew.
 */

const DIR_MODE = 0o700;
const FILE_MODE = 0o600;
/** SQLite's companions of a database file: each is opened by SQLite by name, so each is checked too. */
export const SQLITE_COMPANIONS = ['', '-wal', '-shm', '-journal'] as const;

export class CacheRefusedError extends Error {}

/**
 * Makes `dir` (and its missing parents) a folder only this user can enter: 0700 even if it existed
 * as 0755. A folder that is a link is used only if it leads to a folder of this user's.
 */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  const stat = statSync(dir);
  if (!stat.isDirectory()) throw new CacheRefusedError(`${dir} is not a folder`);
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid) throw new CacheRefusedError(`${dir} belongs to another user`);
  if ((stat.mode & 0o777) === DIR_MODE) return;
  // A shared temp folder (sticky, as /tmp is) is never made private: others' files live there. Its
  // own files are 0600 all the same. (A cache file named straight in the temp folder turned /tmp 0700.)
  if ((stat.mode & 0o1000) !== 0) return;
  // A linked folder is someone's choice, and may be another program's: its mode is not changed, it is not used open.
  if (lstatSync(dir).isSymbolicLink()) throw new CacheRefusedError(`${dir} links to a folder others can enter (${(stat.mode & 0o777).toString(8)})`);
  chmodSync(dir, DIR_MODE);
}

/**
 * Readies a cache database `file` to be opened by SQLite: its folder private, the file and its
 * companions (`-wal`, `-shm`, `-journal`) never links nor anything but regular files (such an entry
 * is removed: the link, not its target), the file created 0600 with `O_NOFOLLOW` if missing, and
 * every existing one put to 0600.
 */
export function preparePrivateDbFile(file: string): void {
  ensurePrivateDir(path.dirname(file));
  for (const suffix of SQLITE_COMPANIONS) {
    const name = `${file}${suffix}`;
    const stat = lstatSync(name, { throwIfNoEntry: false });
    if (!stat) continue;
    if (stat.isSymbolicLink() || !stat.isFile()) {
      console.warn(`[sessionscope] ${name} in the cache is ${stat.isSymbolicLink() ? 'a link' : 'not a regular file'}: removed, never followed`);
      rmSync(name, { force: true, recursive: stat.isDirectory() });
    } else if ((stat.mode & 0o777) !== FILE_MODE) chmodSync(name, FILE_MODE);
  }
  // Created here, not by SQLite: exclusively, never through a link planted between the check and the open.
  try {
    closeSync(openSync(file, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY | constants.O_NOFOLLOW, FILE_MODE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/** After SQLite opened `file`: the companions it created (`-wal`, `-shm`) are 0600 too, whatever the umask. */
export function privateDbCompanions(file: string): void {
  for (const suffix of SQLITE_COMPANIONS) {
    const name = `${file}${suffix}`;
    const stat = lstatSync(name, { throwIfNoEntry: false });
    if (stat?.isFile() && (stat.mode & 0o777) !== FILE_MODE) chmodSync(name, FILE_MODE);
  }
}

/**
 * Claims `file` as a lock in the cache (created exclusively, 0600, never through a link): false
 * while another holds it, unless its claim is older than `staleMs` (its holder died).
 */
export function claimPrivateLock(file: string, staleMs: number): boolean {
  ensurePrivateDir(path.dirname(file));
  const stat = lstatSync(file, { throwIfNoEntry: false });
  if (stat && (!stat.isFile() || Date.now() - stat.mtimeMs > staleMs)) rmSync(file, { force: true });
  try {
    closeSync(openSync(file, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY | constants.O_NOFOLLOW, FILE_MODE));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

export function releasePrivateLock(file: string): void {
  rmSync(file, { force: true });
}
