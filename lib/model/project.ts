import type { SourceKind } from './source';

export interface Project {
  id: string;
  /** Git worktree root, or "/" for OpenCode's `global` project. */
  worktree: string;
  name?: string;
  vcs?: string;
  source: SourceKind;
  timeCreated?: number;
  timeUpdated?: number;
}
