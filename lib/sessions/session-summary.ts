import type { SourceKind } from '@/lib/model/source';
import type { StatusResult } from '@/lib/status/session-status';
import type { RollUp } from './roll-up';
import type { SessionContextUse } from './session-figures';
import type { Spend } from './spend';

/** One row of the session table and of `GET /api/sessions`; the spend fields are the session's own messages. */
export interface SessionSummary extends Spend {
  id: string;
  title: string;
  /** For a session without a title (OpenCode's placeholder): its first prompt's words, shown instead (see `displayTitle`). */
  firstPrompt?: string;
  source: SourceKind;
  projectID: string;
  directory: string;
  parentID?: string;
  /** A fork: the session it was copied from (its copied turns count there, not here). */
  forkedFrom?: string;
  slug?: string;
  version?: string;
  archived: boolean;
  shareUrl?: string;
  time: { created: number; updated: number };
  firstActivity: number;
  lastActivity: number;
  messageCount: number;
  turnCount: number;
  models: string[];
  agents: string[];
  /** The latest request's prompt against the model's context window; absent before the first reply. */
  contextUse?: SessionContextUse;
  childCount: number;
  /** The session with all its descendants. */
  total: RollUp;
  status: StatusResult;
  changes?: { additions: number; deletions: number; files: number };
}
