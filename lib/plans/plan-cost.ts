export interface CostNode {
  parentID?: string;
  /** Cost of the session with all its subagent sessions. */
  totalCost: number;
}

/**
 * Cost of a plan's sessions, subagents included, each session counted once: a listed session that
 * descends from another listed session is already in that one's total.
 */
export function planCost(sessionIDs: readonly string[], lookup: (id: string) => CostNode | undefined): number {
  const listed = new Set(sessionIDs);
  let sum = 0;
  for (const id of listed) {
    const node = lookup(id);
    if (!node) continue;
    let covered = false;
    const seen = new Set([id]);
    for (let up = node.parentID; up !== undefined && !seen.has(up); up = lookup(up)?.parentID) {
      seen.add(up);
      if (listed.has(up)) {
        covered = true;
        break;
      }
    }
    if (!covered) sum += node.totalCost;
  }
  return sum;
}
