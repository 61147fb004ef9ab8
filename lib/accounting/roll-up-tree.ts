/**
 * Every node's value with all its descendants added in: `own(id)` gives a fresh accumulator for
 * the node alone, `add(into, from)` adds a finished child subtree into it. Each node is added once
 * per ancestor; a child already on the path (a parent cycle in corrupt data) is skipped.
 * Accumulators handed to `add` as `from` must not be changed afterwards (they may be reused).
 */
export function rollUpTree<T>(
  ids: Iterable<string>,
  own: (id: string) => T,
  children: (id: string) => readonly string[],
  add: (into: T, from: Readonly<T>) => void,
  /** A finished subtree known from before (not recomputed, not in the result). */
  known?: (id: string) => T | undefined,
): Map<string, T> {
  const done = new Map<string, T>();
  const visiting = new Set<string>();
  const visit = (id: string): T => {
    const cached = done.get(id) ?? known?.(id);
    if (cached !== undefined) return cached;
    const total = own(id);
    visiting.add(id);
    for (const child of children(id)) if (!visiting.has(child)) add(total, visit(child));
    visiting.delete(id);
    done.set(id, total);
    return total;
  };
  for (const id of ids) visit(id);
  return done;
}
