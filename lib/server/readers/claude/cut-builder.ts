import 'server-only';
import type { MessageInfo } from '@/lib/model/message';
import { SessionBuilder } from '../pi/session-builder';

type Entry = { id: string; parentId: string | null };

/**
 * The session builder of a read from a cut (claude-resume.ts): the entries before the cut are not
 * read, and the only way up to them is through the cut's own line (checked before). A reply that
 * finds no prompt above it on this side of the cut answers the one above the cut.
 */
export class CutBuilder extends SessionBuilder {
  private readonly parents = new Map<string, string | null>();

  constructor(
    sessionID: string,
    private readonly cutEntry: string,
    private readonly cutUser: string | undefined,
  ) {
    super(sessionID);
  }

  override register(entry: Entry): void {
    super.register(entry);
    this.parents.set(entry.id, entry.parentId);
  }

  override ancestorMessage(entry: Entry, userOnly = false): MessageInfo | undefined {
    const found = super.ancestorMessage(entry, userOnly);
    if (found || this.cutUser === undefined || !this.reachesCut(entry)) return found;
    return { id: this.cutUser, sessionID: this.sessionID, role: 'user' } as MessageInfo;
  }

  private reachesCut(entry: Entry): boolean {
    const seen = new Set<string>();
    for (let id: string | null | undefined = entry.id; id !== null && id !== undefined && !seen.has(id); id = this.parents.get(id)) {
      if (id === this.cutEntry) return true;
      seen.add(id);
    }
    return false;
  }
}
