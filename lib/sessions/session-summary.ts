import type { SourceKind } from '@/lib/model/source';
import type { TokenCounts } from '@/lib/model/tokens';
import type { StatusResult } from '@/lib/status/session-status';
import type { RollUp } from './roll-up';

/** One row of the session table and of `GET /api/sessions`. */
export interface SessionSummary {
  id: string;
  title: string;
  source: SourceKind;
  projectID: string;
  directory: string;
  parentID?: string;
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
  tokens: TokenCounts;
  cost: number;
  childCount: number;
  /** The session with all its descendants. */
  total: RollUp;
  status: StatusResult;
  changes?: { additions: number; deletions: number; files: number };
}
