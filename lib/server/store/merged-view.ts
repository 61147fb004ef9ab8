import 'server-only';
import type { MessageInfo } from '@/lib/model/message';
import type { PartMeta } from '@/lib/model/part-meta';
import type { SessionInfo } from '@/lib/model/session';
import type { SourceIndex } from './source-index';

/**
 * The sessions of all sources merged by id: when two sources hold the same session (OpenCode
 * 1.2 imported the JSON tree into its database), the source with the higher priority wins whole.
 */
export class MergedView {
  private readonly owner = new Map<string, SourceIndex>();
  private readonly children = new Map<string, Set<string>>();
  /** The parent each session was filed under (the source record may already have changed). */
  private readonly parentOf = new Map<string, string>();

  constructor(private readonly indexes: readonly SourceIndex[]) {}

  /**
   * Re-decides the owner of the given sessions after a change. Returns the parents the sessions
   * were filed under before (a removed or re-parented child changes their roll-ups too).
   */
  refresh(ids: Iterable<string>): Set<string> {
    const formerParents = new Set<string>();
    for (const id of ids) {
      const previousParent = this.parentOf.get(id);
      if (previousParent) {
        this.children.get(previousParent)?.delete(id);
        formerParents.add(previousParent);
      }
      this.parentOf.delete(id);
      let best: SourceIndex | undefined;
      for (const index of this.indexes) {
        if (index.sessions.has(id) && (!best || index.priority > best.priority)) best = index;
      }
      if (!best) {
        this.owner.delete(id);
        continue;
      }
      this.owner.set(id, best);
      const parentID = best.sessions.get(id)?.parentID;
      if (parentID) {
        this.parentOf.set(id, parentID);
        let set = this.children.get(parentID);
        if (!set) this.children.set(parentID, (set = new Set()));
        set.add(id);
      }
    }
    return formerParents;
  }

  refreshAll(): void {
    this.owner.clear();
    this.children.clear();
    this.parentOf.clear();
    const ids = new Set<string>();
    for (const index of this.indexes) for (const id of index.sessions.keys()) ids.add(id);
    this.refresh(ids);
  }

  ids(): IterableIterator<string> {
    return this.owner.keys();
  }

  get size(): number {
    return this.owner.size;
  }

  ownerOf(id: string): SourceIndex | undefined {
    return this.owner.get(id);
  }

  session(id: string): SessionInfo | undefined {
    return this.owner.get(id)?.sessions.get(id);
  }

  *allSessions(): Generator<SessionInfo> {
    for (const [id, owner] of this.owner) {
      const session = owner.sessions.get(id);
      if (session) yield session;
    }
  }

  messages(id: string): Iterable<MessageInfo> {
    return this.owner.get(id)?.messagesOf(id) ?? [];
  }

  partsOf(id: string, messageID: string): PartMeta[] {
    return this.owner.get(id)?.partsOf(messageID) ?? [];
  }

  /** Children whose parent link is sound: a session on a parent cycle (corrupt data) is nobody's child. */
  childrenOf(id: string): string[] {
    return [...(this.children.get(id) ?? [])].filter((child) => this.owner.has(child) && !this.onCycle(child));
  }

  private onCycle(id: string): boolean {
    const seen = new Set<string>([id]);
    let current = this.parentOf.get(id);
    while (current) {
      if (seen.has(current)) return current === id;
      seen.add(current);
      current = this.parentOf.get(current);
    }
    return false;
  }

  /** The session and its ancestors (their roll-ups change with it). */
  withAncestors(id: string): string[] {
    const out: string[] = [];
    const seen = new Set<string>();
    let current: string | undefined = id;
    while (current && !seen.has(current)) {
      seen.add(current);
      out.push(current);
      current = this.session(current)?.parentID;
    }
    return out;
  }
}
