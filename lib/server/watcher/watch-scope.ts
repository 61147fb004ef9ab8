import 'server-only';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Files we never react to: SQLite's shared-memory index changes whenever anyone (us included) reads. */
export function isIgnoredName(file: string): boolean {
  const base = path.basename(file);
  return base.endsWith('-shm') || base.endsWith('-journal') || base.endsWith('.tmp') || base.startsWith('.#');
}

const within = (file: string, dir: string): boolean => file === dir || file.startsWith(dir + path.sep);

/**
 * What the watcher may look at: the targets themselves, everything inside them, and the folders on
 * the way to them (so a source that appears later is noticed). Nothing else in those folders
 * (OpenCode's snapshot repositories and logs can be huge). The folders of the sessions being
 * written are not chokidar's: each has a names-only watch of its own (file-watcher.ts).
 * `nearTargets` are watched from themselves, once they exist, never from a folder further up: a
 * project's folder may be /tmp or a home folder (or gone, leaving /tmp as the nearest), and chokidar
 * stats every entry of a folder it watches again at each change in it. Their appearance is the
 * caller's to notice (file-watcher.ts: a names-only watch of their folder).
 */
export function watchScope(targets: readonly string[], nearTargets: readonly string[] = []): { roots: string[]; allowed(file: string): boolean } {
  const resolved = [...targets, ...nearTargets].map((t) => path.resolve(t));
  const roots = new Set<string>();
  for (const target of targets.map((t) => path.resolve(t))) {
    let dir = path.dirname(target);
    while (!existsSync(dir) && path.dirname(dir) !== dir) dir = path.dirname(dir);
    roots.add(dir);
  }
  for (const target of nearTargets.map((t) => path.resolve(t))) if (existsSync(target)) roots.add(target);
  return {
    roots: [...roots],
    allowed(file: string): boolean {
      const f = path.resolve(file);
      if (isIgnoredName(f)) return false;
      return resolved.some((target) => within(f, target) || within(target, f));
    },
  };
}
