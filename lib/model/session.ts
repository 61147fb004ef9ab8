import type { SourceKind } from './source';

/** Session metadata as a reader found it, before any derivation. */
export interface SessionInfo {
  id: string;
  source: SourceKind;
  projectID: string;
  directory: string;
  parentID?: string;
  /**
   * A fork (`claude --fork-session`, `pi --fork`): the session it was copied from. The copied
   * turns count there; this session holds only its own.
   */
  forkedFrom?: string;
  title: string;
  slug?: string;
  /** Version of the agent that wrote the session. */
  version?: string;
  time: {
    created: number;
    updated: number;
    compacting?: number;
    archived?: number;
    /**
     * When the agent wrote that the session ended (oh-my-pi's `session_exit`: a subagent that
     * yielded, a closed TUI). Nothing after it is still running, however old the last reply.
     */
    ended?: number;
  };
  summary?: { additions: number; deletions: number; files: number };
  shareUrl?: string;
  /** Pending revert, kept opaque. */
  revert?: unknown;
  /** Path of the file or database the record was read from (diagnostics, links). */
  origin: string;
}
