import 'server-only';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileStampSync, writtenTooRecently } from '@/lib/server/fs/file-version';
import path from 'node:path';
import type { SourceKind } from '@/lib/model/source';
import { mapLimit } from '@/lib/server/fs/map-limit';
import { appendAll } from '@/lib/arrays/append-all';
import { decodeCachedRead, SUMMARY_FORMAT, summarizeRead, summaryVersion, type SummarizedRead } from './file-summary-cache';
import { decodeFileHead, headOf } from './file-head';
import { POOL_MIN_FILES } from './read-pool/summary-read-pool';
import type { PooledRead } from './read-pool/summary-read-worker';
import { FileIndex, type FileRead } from './pi/file-index';
import { isInside } from './pi/session-files';
import type { NameTarget } from '@/lib/server/watcher/name-watch';
import { emptyChangeSet, type ChangeSet, type FullReadOptions, type HeldFile, type SessionContent, type SourceReader } from './read-result';

const CONCURRENCY = 8;
/** The fingerprint of a root that is not there. */
const ABSENT = 'absent';
/** The version of an entry never taken as held (summaryVersion never gives it). */
const NOT_HELD = 'not-held';
/** Held file entries compared per turn of the event loop at a start. */
const HELD_PAGE = 500;

/**
 * A source that keeps one session per file under a root folder (pi, oh-my-pi, Claude Code, Codex,
 * Gemini): read whole at start, then file by file as they change. Subclasses say how files are
 * listed and read. With the session database, a start reads only the files whose identity, size or
 * time (or those of a file their read takes from) changed since their records were written there;
 * the others' sessions come from their entries (FullReadOptions.heldFiles), their messages stay in
 * the database.
 */
export abstract class FileSessionReader<Ref extends { path: string }> implements SourceReader {
  abstract readonly kind: SourceKind;
  readonly path: string;
  protected readonly index = new FileIndex();

  constructor(root: string) {
    this.path = path.resolve(root);
  }

  /** Every session file under the root. */
  protected abstract listAll(): Promise<Ref[]>;
  /** The session files under a folder that came or went. */
  protected abstract listUnder(folder: string): Promise<Ref[]>;
  /** The reference of a session file; undefined for anything else (a folder). */
  protected abstract refOf(file: string): Ref | undefined;
  protected abstract readRef(ref: Ref): Promise<FileRead>;
  /**
   * Reads files on worker threads (a first read of many files), each undefined that a worker could
   * not read; undefined where a source's reads need this thread (pi: the index's parent ids).
   */
  protected readonly readInPool?: (refs: readonly Ref[]) => Promise<(PooledRead | undefined)[]>;

  /** Files whose read depends on this one's (Claude Code: a session's subagents take its cost-state). */
  protected dependentsOf(_ref: Ref, _known: readonly string[]): Ref[] {
    return [];
  }

  /** Files besides its own whose content a file's read takes (Claude Code: its parent's cost-state). */
  protected alsoReads(_ref: Ref): string[] {
    return [];
  }

  /**
   * A source that reads a grown file from where its last read stopped (Claude Code) opts in with
   * these: `resumeOf` says where a file's next read may start (kept with its entry in the session
   * database, as the reader wrote it, or a worker's read), `takeResume` hands it back for a file
   * whose entry no longer matches, and such a file is read on this thread.
   */
  protected resumeOf?(file: string): string | undefined;
  protected takeResume?(file: string, resume: string | undefined): void;

  /** A read of a file whole (a session opened), where `readRef` may read only its end. */
  protected readWhole(ref: Ref): Promise<FileRead> {
    return this.readRef(ref);
  }

  /** Files read in ascending order of this, a level at a time (default: all at once). */
  protected readOrder(_ref: Ref): number {
    return 0;
  }

  found(): boolean {
    return existsSync(this.path);
  }

  /** How many folder levels under the root hold session files (the root's own files: 1). */
  protected abstract readonly folderDepth: number;

  watchTargets(): string[] {
    return [];
  }

  /** The root, by name (one system watch per folder, none per transcript): see name-watch.ts. */
  nameTargets(): NameTarget[] {
    return [{ folder: this.path, depth: this.folderDepth }];
  }

  close(): void {}

  /** What the last full read is complete as of: its files' identity, size and time when it began. */
  private readFingerprint: string | undefined;

  async fingerprint(): Promise<string | undefined> {
    return this.found() ? this.fingerprintOf(await this.listAll()) : ABSENT;
  }

  completeAs(): string | undefined {
    return this.readFingerprint;
  }

  /**
   * A digest of every session file's (and of the files their reads take from) identity, size and
   * time; undefined while one was written too recently for its time to tell a rewrite. The mapping's
   * format is in it: a build that maps files anew (a new figure) reads them once again.
   */
  private fingerprintOf(refs: readonly Ref[]): string | undefined {
    const hash = createHash('sha256').update(`${SUMMARY_FORMAT}\n`);
    const now = Date.now();
    const files = refs.flatMap((ref) => [ref.path, ...this.alsoReads(ref)]).sort();
    for (const file of files) {
      const stamp = fileStampSync(file);
      if (stamp && writtenTooRecently(stamp.mtimeMs, now)) return undefined;
      hash.update(`${file}\0${stamp?.version ?? '-'}\n`);
    }
    return `${files.length}:${hash.digest('hex')}`;
  }

  async readAll(options?: FullReadOptions): Promise<ChangeSet> {
    const refs = await this.listAll();
    this.readFingerprint = this.found() ? this.fingerprintOf(refs) : ABSENT;
    const cs = emptyChangeSet();
    const held = options?.heldFiles?.();
    this.index.heldIds = held && ((sessionID) => held.idsOf(sessionID));
    await this.readRefs(cs, held ? await this.fromHeld(cs, refs, held.files()) : refs);
    this.index.removeUnlisted(cs, refs.map((r) => r.path));
    cs.complete = true;
    // Each file read listed what it lost: nothing else of the source's records is swept.
    if (held) cs.recordsHeld = true;
    return cs;
  }

  async readChanged(paths: readonly string[]): Promise<ChangeSet> {
    const targets = new Map<string, Ref>();
    for (const raw of paths) {
      const p = path.resolve(raw);
      if (!isInside(this.path, p)) continue;
      const ref = this.refOf(p);
      if (ref) {
        targets.set(p, ref);
        continue;
      }
      // A folder came or went: what we knew under it, and what is in it now.
      for (const known of this.index.knownFiles()) {
        const knownRef = isInside(p, known) ? this.refOf(known) : undefined;
        if (knownRef) targets.set(known, knownRef);
      }
      for (const listed of await this.listUnder(p)) targets.set(listed.path, listed);
    }
    const known = this.index.knownFiles();
    for (const ref of [...targets.values()]) for (const dep of this.dependentsOf(ref, known)) if (!targets.has(dep.path)) targets.set(dep.path, dep);
    const cs = emptyChangeSet();
    await this.readRefs(cs, [...targets.values()]);
    return cs;
  }

  sessionFile(sessionID: string): string | undefined {
    return this.index.fileOf(sessionID);
  }

  async loadContent(sessionID: string): Promise<SessionContent | undefined> {
    const file = this.index.fileOf(sessionID);
    const ref = file ? this.refOf(file) : undefined;
    if (!ref) return undefined;
    const read = await this.readWhole(ref);
    if (read.state !== 'ok' || read.mapped.session.id !== sessionID) return undefined;
    return { parts: read.mapped.parts, todos: [], diffs: [], issues: read.issues };
  }

  /**
   * Files whose entry the session database holds for their version now are taken from it (a few
   * system calls each, no read, no parse); returns the files to read. Entries of files no longer
   * listed go.
   */
  private async fromHeld(cs: ChangeSet, refs: readonly Ref[], entries: readonly HeldFile[]): Promise<Ref[]> {
    const byPath = new Map(entries.map((entry) => [entry.path, entry]));
    const toRead: Ref[] = [];
    let n = 0;
    for (const ref of refs) {
      const entry = byPath.get(ref.path);
      byPath.delete(ref.path);
      const head = entry && entry.version === summaryVersion(ref.path, this.alsoReads(ref)) ? decodeFileHead(entry.head) : undefined;
      if (head) this.index.takeHeld(cs, ref.path, head);
      else {
        toRead.push(ref);
        const resume = entry && this.takeResume ? decodeFileHead(entry.head)?.resume : undefined;
        if (resume !== undefined) this.takeResume?.(ref.path, resume);
      }
      if (++n % HELD_PAGE === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    if (byPath.size > 0) appendAll((cs.filesGone ??= []), byPath.keys());
    return toRead;
  }

  private async readRefs(cs: ChangeSet, refs: readonly Ref[]): Promise<void> {
    const byOrder = new Map<number, Ref[]>();
    for (const ref of refs) {
      const order = this.readOrder(ref);
      const level = byOrder.get(order);
      if (level) level.push(ref);
      else byOrder.set(order, [ref]);
    }
    for (const order of [...byOrder.keys()].sort((a, b) => a - b)) {
      let level = byOrder.get(order) ?? [];
      // Before the read: a write during it changes the version, and the entry is not trusted.
      const versionOf = (ref: Ref) => summaryVersion(ref.path, this.alsoReads(ref));
      if (this.readInPool && level.length >= POOL_MIN_FILES) {
        // A file read from where its last read stopped is read here: a worker reads whole.
        const here = this.resumeOf ? level.filter((ref) => this.resumeOf?.(ref.path) !== undefined) : [];
        const pooled = here.length > 0 ? level.filter((ref) => this.resumeOf?.(ref.path) === undefined) : level;
        level = [...here, ...(pooled.length >= POOL_MIN_FILES ? await this.readPooled(cs, pooled, versionOf) : pooled)];
      }
      const reads = await mapLimit(level, CONCURRENCY, async (ref) => {
        const version = versionOf(ref);
        return { read: await this.readRef(ref), version };
      });
      level.forEach((ref, i) => {
        const done = reads[i];
        if (done) this.take(cs, ref.path, summarizeRead(done.read), done.version, done.read.state === 'ok' ? done.read.gone : undefined, this.resumeOf?.(ref.path));
      });
    }
  }

  /** Reads files on worker threads; returns those a worker could not read. */
  private async readPooled(cs: ChangeSet, level: readonly Ref[], versionOf: (ref: Ref) => string | undefined): Promise<Ref[]> {
    const versions = level.map(versionOf);
    const pooled = (await this.readInPool?.(level)) ?? [];
    const left: Ref[] = [];
    level.forEach((ref, i) => {
      const done = pooled[i];
      const read = done && decodeCachedRead(done.json);
      // Where its next read may start goes to its entry, not to memory: a first read of thousands of
      // files would hold one for each (the session database hands it back for a file changed by a restart).
      if (done && read) this.take(cs, ref.path, { missing: done.missing, keep: done.keep, read }, versions[i], undefined, done.resume);
      else left.push(ref);
    });
    return left;
  }

  /**
   * Takes one file's read (`gone`: a read of its end only, see FileRead), and its entry for the
   * session database (none for a file not to be trusted at the next start).
   */
  private take(cs: ChangeSet, file: string, { missing, keep, read }: SummarizedRead, version: string | undefined, gone?: { messageIDs: string[]; partIDs: string[] }, resume?: string): void {
    if (gone && read.summary) this.index.takeAppended(cs, file, read.summary, read.issues, gone);
    else this.index.takeSummary(cs, file, read.summary, read.issues);
    // A file written in the last two seconds is not taken as held at the next start (no version), but
    // where its next read may start is kept: that read checks the file's bytes itself.
    const entryVersion = version ?? (resume === undefined ? undefined : NOT_HELD);
    if (missing) this.index.remove(cs, file);
    else if (keep && entryVersion) (cs.files ??= []).push({ path: file, version: entryVersion, head: headOf(read, resume), ...(read.summary ? { sessionID: read.summary.session.id } : {}) });
    else (cs.filesGone ??= []).push(file);
  }
}
