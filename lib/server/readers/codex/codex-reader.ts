import 'server-only';
import { FileSessionReader } from '../file-session-reader';
import type { FileRead } from '../pi/file-index';
import { CODEX_DEPTH, isRolloutPath, listRollouts } from './codex-files';
import { readCodexFile } from './read-codex-file';

interface RolloutRef {
  path: string;
}

/**
 * Codex CLI rollouts (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`), read-only: one thread per
 * file. A resume appends to its file; a fork and a subagent are files of their own that name
 * their original or parent, so each file reads alone.
 */
export class CodexReader extends FileSessionReader<RolloutRef> {
  readonly kind = 'codex' as const;
  protected readonly folderDepth = CODEX_DEPTH + 1;

  constructor(root: string) {
    super(root);
  }

  protected async listAll(): Promise<RolloutRef[]> {
    return (await listRollouts(this.path)).map((p) => ({ path: p }));
  }

  protected async listUnder(folder: string): Promise<RolloutRef[]> {
    return (await listRollouts(this.path, folder)).map((p) => ({ path: p }));
  }

  protected refOf(file: string): RolloutRef | undefined {
    return isRolloutPath(this.path, file) ? { path: file } : undefined;
  }

  protected readRef(ref: RolloutRef): Promise<FileRead> {
    return readCodexFile(ref.path, this.path);
  }
}
