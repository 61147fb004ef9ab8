import 'server-only';
import path from 'node:path';

/** `.omo` (oh-my-opencode 4.2+, May 2026) first: it wins when both folders hold the same work. */
export const BOULDER_FOLDERS = ['.omo', '.sisyphus'] as const;

export function boulderPathsOf(projectDir: string): string[] {
  return BOULDER_FOLDERS.map((folder) => path.join(projectDir, folder, 'boulder.json'));
}

export function planFoldersOf(projectDir: string): string[] {
  return BOULDER_FOLDERS.map((folder) => path.join(projectDir, folder, 'plans'));
}

/**
 * What the watcher should watch for plans: the `.omo` and `.sisyphus` folders (boulder.json and
 * plans/ live there; the folders may not exist yet), plus plan files kept elsewhere in the project
 * that a boulder points at (pass `planPaths` from the last `readPlans` result). A path out of every
 * project (`/dev/stdin`, `/etc/shadow`: boulders come with cloned repositories) is never watched.
 */
export function planWatchTargets(projectDirs: readonly string[], planPaths: readonly string[] = []): string[] {
  const folders = projectDirs.flatMap((dir) => BOULDER_FOLDERS.map((folder) => path.join(/*turbopackIgnore: true*/ dir, folder)));
  const inProject = (p: string): boolean => projectDirs.some((dir) => p.startsWith(path.resolve(dir) + path.sep));
  const outside = planPaths.filter((p) => inProject(p) && !folders.some((f) => p.startsWith(f + path.sep)));
  return [...new Set([...folders, ...outside])];
}
