import 'server-only';
import { homedir } from 'node:os';
import path from 'node:path';
import { FileSessionReader } from '../file-session-reader';
import type { FileRead } from '../pi/file-index';
import { classifyClaudePath, listClaudeFiles, type ClaudeFileRef } from './claude-files';
import { isAgentFile, metaFileOf, parentFileOf, readClaudeFile } from './read-claude-file';
import { POOL_MIN_FILES, summaryReadPool } from '../read-pool/summary-read-pool';
import { summaryVersion } from '../file-summary-cache';
import { mapLimit } from '@/lib/server/fs/map-limit';
import type { ChangeSet, FullReadOptions } from '../read-result';
import { usagePass } from './claude-usage-pass';
import { usageReadOf, type UsageRead } from './usage-read';
import { isResume, type ClaudeResume } from './claude-resume';

function parseResume(json: string | undefined): ClaudeResume | undefined {
  if (json === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(json);
    return isResume(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Fewer transcripts than this have their usage read on the main thread: a usage read costs about a
 * millisecond, a fifth of a full read, and the workers' start would cost more than it saves (a
 * restart with 80 of 8,000 transcripts appended waited for them).
 */
export const USAGE_POOL_MIN_FILES = POOL_MIN_FILES * 8;

export function defaultClaudeRoot(): string {
  return path.join(homedir(), '.claude', 'projects');
}

/** Claude Code transcripts (`~/.claude/projects`), read-only. */
export class ClaudeCodeReader extends FileSessionReader<ClaudeFileRef> {
  readonly kind = 'claude' as const;
  /** `<root>/<project>/<session>/subagents/agent-*.jsonl`. */
  protected readonly folderDepth = 4;

  /** Transcripts are parsed on worker threads when many are read at once (a first read). */
  protected override readonly readInPool;
  private readonly readWorkers: boolean;
  /**
   * Whether a full read totals the usage first (see readAllStaged). A command that waits for the
   * whole read before it answers has no use for it: it would only read every transcript once more.
   */
  totalsFirst = true;

  /** `readWorkers`: false reads every transcript on this thread (the tests compare both). */
  constructor(root: string = defaultClaudeRoot(), { readWorkers = true }: { readWorkers?: boolean } = {}) {
    super(root);
    this.readWorkers = readWorkers;
    this.readInPool = readWorkers ? (refs: readonly ClaudeFileRef[]) => summaryReadPool().read(this.path, refs) : undefined;
  }

  /**
   * A full read in two stages: first the usage of the transcripts it is about to read (their
   * responses alone, see claude-usage-pass.ts; every figure is complete once it is in), then the
   * full read, which hands the same responses over again with everything else.
   */
  async *readAllStaged(options?: FullReadOptions): AsyncGenerator<ChangeSet> {
    // The database holds the source whole as it is now (a restart with nothing changed): nothing to total first.
    if (options?.held?.()) {
      yield await this.readAll(options);
      return;
    }
    // A first pass that fails leaves the totals to the full read, which says why if it fails too.
    const usage = this.totalsFirst ? await this.usageFirst(options).catch(() => undefined) : undefined;
    if (usage) yield usage;
    yield await this.readAll(options);
  }

  private async usageFirst(options?: FullReadOptions): Promise<ChangeSet | undefined> {
    const held = options?.heldFiles?.();
    return usagePass({
      refs: await this.listAll(),
      held: held?.files() ?? [],
      holds: (sessionID) => (held?.idsOf(sessionID).messageIDs.length ?? 0) > 0,
      versionOf: (ref) => summaryVersion(ref.path, this.alsoReads(ref)),
      read: (refs, resumes) => this.readUsage(refs, resumes),
    });
  }

  /**
   * Transcripts' usage (a first pass), on the worker threads when there are many. One that grew
   * since its entry's read is read from its cut on this thread (see UsagePassInput.read).
   */
  private async readUsage(refs: readonly ClaudeFileRef[], resumes: readonly { resume?: string; fromCut: boolean }[]): Promise<(UsageRead | undefined)[]> {
    const whole = refs.filter((_, i) => resumes[i]?.resume === undefined && !resumes[i]?.fromCut);
    const pooled = this.readWorkers && whole.length >= USAGE_POOL_MIN_FILES ? await summaryReadPool().read(this.path, whole, { usage: true }) : [];
    const fromPool = new Map(whole.map((ref, i) => [ref, pooled[i]]));
    return mapLimit([...refs.keys()], 8, async (i) => {
      const ref = refs[i] as ClaudeFileRef;
      const resume = parseResume(resumes[i]?.resume);
      if (resumes[i]?.fromCut && !resume) return undefined;
      if (resume) {
        const read = await readClaudeFile(ref, this.path, { resume });
        const gone = read.state === 'ok' ? read.gone : undefined;
        return (gone ? gone.messageIDs.length > 0 : resumes[i]?.fromCut) ? undefined : usageReadOf(read);
      }
      const done = fromPool.get(ref);
      return done ? (JSON.parse(done.json) as UsageRead) : usageReadOf(await readClaudeFile(ref, this.path, { usageOnly: true }));
    });
  }

  protected listAll(): Promise<ClaudeFileRef[]> {
    return listClaudeFiles(this.path);
  }

  protected listUnder(folder: string): Promise<ClaudeFileRef[]> {
    return listClaudeFiles(this.path, folder);
  }

  protected refOf(file: string): ClaudeFileRef | undefined {
    return classifyClaudePath(this.path, file);
  }

  /** A session's subagents are priced with its cost-state: read them again when it changes. */
  protected override dependentsOf(ref: ClaudeFileRef, known: readonly string[]): ClaudeFileRef[] {
    if (ref.parentID || !ref.path.endsWith('.jsonl')) return [];
    const folder = `${ref.path.slice(0, -'.jsonl'.length)}${path.sep}subagents${path.sep}`;
    return known.filter((file) => file.startsWith(folder)).flatMap((file) => this.refOf(file) ?? []);
  }

  /** A subagent's read takes its parent's cost-state and its own `.meta.json`. */
  protected override alsoReads(ref: ClaudeFileRef): string[] {
    const parent = parentFileOf(ref);
    return [...(parent ? [parent] : []), ...(isAgentFile(ref) ? [metaFileOf(ref.path)] : [])];
  }

  /** Where each transcript's next read may start (JSON of a ClaudeResume, parsed when it is used). */
  private readonly resumes = new Map<string, string>();

  protected override resumeOf(file: string): string | undefined {
    return this.resumes.get(file);
  }

  protected override takeResume(file: string, resume: string | undefined): void {
    if (resume === undefined) this.resumes.delete(file);
    else this.resumes.set(file, resume);
  }

  /** A transcript that grew since its last read is read from where that read left a cut (claude-resume.ts). */
  protected async readRef(ref: ClaudeFileRef): Promise<FileRead> {
    const resume = parseResume(this.resumes.get(ref.path));
    const read = await readClaudeFile(ref, this.path, resume ? { resume } : {});
    this.takeResume(ref.path, read.state === 'ok' && read.resume ? JSON.stringify(read.resume) : undefined);
    return read;
  }

  protected override readWhole(ref: ClaudeFileRef): Promise<FileRead> {
    return readClaudeFile(ref, this.path);
  }
}
