const segmentsOf = (p: string) => p.split(/[\\/]/).filter(Boolean);

/**
 * Each path's label: its folder's name, or where two paths end in the same name, that name and
 * the shortest ending of the folders above it that tells it from the others ("alpha (work)",
 * "alpha (tmp)": the name first, so a cut label still starts with it). The same path twice gets the
 * same label. Only paths of the same folder name are compared (stats ask for this on every answer).
 */
export function distinctPathLabels(paths: readonly string[]): Map<string, string> {
  const byName = new Map<string, string[][]>();
  const out = new Map<string, string>();
  for (const path of new Set(paths)) {
    const segments = segmentsOf(path);
    const name = segments.at(-1);
    if (name === undefined) out.set(path, path || '/');
    else byName.set(name, [...(byName.get(name) ?? []), [path, ...segments]]);
  }
  for (const group of byName.values()) {
    for (const [path, ...segments] of group) {
      const ending = (s: string[], n: number) => s.slice(-n).join('/');
      let take = 1;
      while (take < segments.length && group.some(([other, ...rest]) => other !== path && ending(rest, take) === ending(segments, take))) take++;
      out.set(path!, take === 1 ? segments.at(-1)! : `${segments.at(-1)} (${segments.slice(-take, -1).join('/')})`);
    }
  }
  return out;
}

/**
 * A project's label: a name of its own, else its folder's label from `folders` (a name that is
 * only the folder's name, as Claude Code's and pi's readers give, is the folder's label too).
 */
export function projectLabel(p: { name?: string; worktree: string }, folders: ReadonlyMap<string, string>): string {
  if (p.name && p.name !== segmentsOf(p.worktree).at(-1)) return p.name;
  return folders.get(p.worktree) ?? p.name ?? p.worktree;
}
