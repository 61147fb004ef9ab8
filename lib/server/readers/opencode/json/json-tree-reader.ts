import 'server-only';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { partMetaOf } from '@/lib/model/part-meta';
import { tailMessageIds } from '@/lib/model/tail-messages';
import { entryPath, listDir, type DirListing } from '@/lib/server/fs/list-dir';
import { listDirs } from '@/lib/server/fs/bulk-read/list-dirs';
import { mapLimit } from '@/lib/server/fs/map-limit';
import { emptyChangeSet, gatherStages, type ChangeSet, type ContentRequest, type FullReadOptions, type GonePart, type LiveSession, type SessionContent, type SourceReader, type StepIndexRead } from '../../read-result';
import { reshapeMessage } from '../reshape-message';
import { reshapePart } from '../reshape-part';
import { fastPartMeta } from '../fast-part-meta';
import { reshapeProject, reshapeSession } from '../reshape-session';
import { classifyTreePath, type TreePath } from './json-tree-paths';
import { loadTreeContent, loadTreeStepIndex } from './json-tree-content';
import { readTreeRecord, treeRecordFromRead, type TreeRecord } from './read-tree-record';
import { readListedFiles } from '@/lib/server/fs/bulk-read/read-listed-files';
import { FILE_CAPS } from '@/lib/server/fs/file-caps';
import type { NameTarget } from '@/lib/server/watcher/name-watch';
import type { SourceCache } from '@/lib/server/index-cache/index-cache';
import { cachedMessage, SummaryCacheWriter } from '../summary-cache';
import { FirstOutputs, repliesToRetime, takeRetimed } from '../first-output';
import type { MessageInfo } from '@/lib/model/message';
import { fileVersionSync, writtenTooRecently } from '@/lib/server/fs/file-version';
import { matchEntries } from '@/lib/server/index-cache/match-entries';

const READ_CONCURRENCY = 64;
/** Messages whose part folders one stage of the tool-call read lists and reads. */
const TOOL_PART_MESSAGES = 500;
/** Files whose version is checked (lstat) per turn of the event loop at a restart. */
const VERSION_CHUNK = 2_000;

/** OpenCode's JSON tree (`<data>/storage/`), written by OpenCode up to 1.1.x. */
export class JsonTreeReader implements SourceReader {
  readonly kind = 'opencode-json' as const;
  readonly path: string;
  private readonly cacheWriter: SummaryCacheWriter | undefined;

  /** `cache`: the persistent summary index's part for this tree (a restart then reads only message files whose size or time changed). */
  constructor(
    readonly dataDir: string,
    private readonly cache?: SourceCache,
  ) {
    this.path = path.join(dataDir, 'storage');
    this.cacheWriter = cache && new SummaryCacheWriter(cache);
  }

  found(): boolean {
    return existsSync(this.path);
  }

  /**
   * Only OpenCode's own folders: plugins write theirs into `storage/` too. `message/` and `part/`
   * hold a folder per session and per message (100k+ in a year): watching them all would exhaust
   * the system's file watches, so only new folders are noticed there, and the folders of the
   * sessions being written are watched closely (`liveTargets`). The record folders (a file per
   * project, session, todo list and diff: thousands) are watched by name (`nameTargets`).
   */
  watchTargets(): string[] {
    return [];
  }

  nameTargets(): NameTarget[] {
    return [
      { folder: path.join(this.path, 'project'), depth: 1 },
      { folder: path.join(this.path, 'session'), depth: 2 },
      { folder: path.join(this.path, 'todo'), depth: 1 },
      { folder: path.join(this.path, 'session_diff'), depth: 1 },
    ];
  }

  shallowTargets(): string[] {
    return [path.join(this.path, 'message'), path.join(this.path, 'part')];
  }

  liveTargets(live: readonly LiveSession[]): string[] {
    return live.flatMap((session) => [path.join(this.path, 'message', session.id), ...session.tail.map((id) => path.join(this.path, 'part', id))]);
  }

  close(): void {}

  /** Writes what the summary index still lacks now (it is otherwise written in the background). */
  writeIndex(): Promise<void> {
    return this.cacheWriter?.flush() ?? Promise.resolve();
  }

  readAll(options?: FullReadOptions): Promise<ChangeSet> {
    return gatherStages(this.readAllStaged(options));
  }

  /** Projects and sessions first (the list can answer), then messages, then the newest messages' parts. */
  /**
   * Only an absent tree has a cheap fingerprint: a present one is 100,000 files, and a restart
   * learns what changed in it from the summary index's versions, file by file.
   */
  async fingerprint(): Promise<string | undefined> {
    return this.found() ? undefined : 'absent';
  }

  private readFingerprint: string | undefined;

  completeAs(): string | undefined {
    return this.readFingerprint;
  }

  async *readAllStaged(options?: FullReadOptions): AsyncGenerator<ChangeSet> {
    this.readFingerprint = this.found() ? undefined : 'absent';
    const first = emptyChangeSet();
    first.complete = true;
    if (!this.found()) return yield first;
    const projectFiles = await this.listRecords(first, 'project');
    const sessionFiles = await this.listNested(first, 'session');
    await this.readListed(first, [...projectFiles, ...sessionFiles]);
    yield first;
    const messages = emptyChangeSet();
    const messageFiles = await this.listNested(messages, 'message');
    await this.readListed(messages, await this.fromCache(messages, messageFiles));
    messages.messagesComplete = true;
    yield messages;
    const parts = emptyChangeSet();
    const tail = [...tailMessageIds(messages.messages)];
    const partFiles = await this.listRecordsOf(parts, tail.map((id) => path.join('part', id)));
    await this.readListed(parts, partFiles);
    yield parts;
    if (options?.toolCalls?.() ?? true) {
      const outputs = new FirstOutputs();
      for (const p of parts.parts) outputs.note(p.messageID, p.type, p.created);
      yield* this.toolPartStages(messages.messages, new Set(tail), outputs);
      // The session database keeps each reply's time to first token: the messages came before their parts.
      const timed = outputs.withTtft(messages.messages);
      for (let i = 0; i < timed.length; i += TOOL_PART_MESSAGES) yield { ...emptyChangeSet(), messages: timed.slice(i, i + TOOL_PART_MESSAGES) };
    }
    this.cacheWriter?.schedule(undefined, 0);
  }

  /**
   * The other messages' tool calls, in stages: the session database counts every call (tool
   * insights); the store keeps the newest messages' parts only and drops these as it takes them.
   * Their output parts' times go to `outputs` (time to first token).
   */
  private async *toolPartStages(messages: readonly { id: string }[], read: ReadonlySet<string>, outputs: FirstOutputs): AsyncGenerator<ChangeSet> {
    const rest = messages.filter((m) => !read.has(m.id));
    for (let i = 0; i < rest.length; i += TOOL_PART_MESSAGES) {
      const stage = emptyChangeSet();
      const files = await this.listRecordsOf(stage, rest.slice(i, i + TOOL_PART_MESSAGES).map((m) => path.join('part', m.id)));
      await this.readListed(stage, files);
      for (const p of stage.parts) outputs.note(p.messageID, p.type, p.created);
      stage.parts = stage.parts.filter((p) => p.type === 'tool');
      yield stage;
    }
  }

  async retimeReplies(changes: ChangeSet, known: (sessionID: string, messageID: string) => MessageInfo | undefined, gone: readonly GonePart[] = []): Promise<void> {
    const replies = repliesToRetime([...changes.parts, ...gone], changes.messages, known);
    if (replies.length === 0) return;
    await this.fillTtft(replies);
    takeRetimed(changes.messages, replies, known);
  }

  /** The replies a change read, with their time to first token from their output parts so far (their part folders, read). */
  private async fillTtft(messages: MessageInfo[]): Promise<void> {
    const replies = messages.filter((m) => m.role === 'assistant');
    if (replies.length === 0) return;
    const read = emptyChangeSet();
    await this.readListed(read, await this.listRecordsOf(read, replies.map((m) => path.join('part', m.id))));
    const outputs = new FirstOutputs();
    for (const p of read.parts) outputs.note(p.messageID, p.type, p.created);
    for (const m of replies) {
      const ttft = outputs.ttftOf(m);
      if (ttft !== undefined) m.ttft = ttft;
    }
  }

  /**
   * Messages whose file has the identity, size and time the summary index saw take its copy (one
   * lstat each, no read, no parse); returns the files to read. Entries of files gone are dropped.
   * The index is streamed in key order beside the sorted file list (never held whole), and the
   * lstats are synchronous, a few thousand per turn of the event loop: on 100,000 files promise
   * round trips cost ten times the system calls.
   */
  private async fromCache(changes: ChangeSet, files: readonly string[]): Promise<readonly string[]> {
    const cache = this.cache;
    if (!cache || cache.page('', 1).length === 0) return files;
    const sorted = [...files].sort();
    const { toRead, gone } = await matchEntries(cache, sorted, VERSION_CHUNK, (i, version, value) => {
      const key = sorted[i] as string;
      const hit = version === fileVersionSync(key) ? cachedMessage(path.basename(key, '.json'), { version, value }) : undefined;
      if (hit) changes.messages.push(hit.message);
      return hit !== undefined;
    });
    this.cacheWriter?.remove(gone);
    return toRead.map((i) => sorted[i] as string);
  }

  async readChanged(paths: readonly string[]): Promise<ChangeSet> {
    const changes = emptyChangeSet();
    // A new or newly watched folder (`message/<session>`, `part/<message>`): read what it holds.
    const named = new Set(paths.filter((file) => file.endsWith('.json')));
    const listed = await mapLimit([...new Set(paths)], READ_CONCURRENCY, async (file) => {
      if (file.endsWith('.json')) return [];
      const folder = path.relative(this.path, file);
      const [top, name, ...rest] = folder.split(path.sep);
      if ((top !== 'message' && top !== 'part') || !name || rest.length > 0) return [];
      return this.listRecords(changes, folder);
    });
    // A file a listing showed is opened as listed (see readDataFile); one the watcher named is checked first.
    const fromListings = new Set(listed.flat());
    for (const file of fromListings) named.delete(file);
    await mapLimit([...named], READ_CONCURRENCY, (file) => this.readOne(changes, file));
    await this.readListed(changes, [...fromListings]);
    await this.fillTtft(changes.messages);
    this.cacheWriter?.schedule(undefined);
    return changes;
  }

  async loadContent(sessionID: string, request?: ContentRequest): Promise<SessionContent | undefined> {
    return loadTreeContent(this.path, sessionID, request);
  }

  async loadStepIndex(sessionID: string): Promise<StepIndexRead | undefined> {
    return loadTreeStepIndex(this.path, sessionID);
  }

  private async listRecords(changes: ChangeSet, folder: string): Promise<string[]> {
    const dir = path.join(this.path, folder);
    return this.recordsOf(changes, dir, await listDir(dir, 'files', '.json'));
  }

  /** The records of many folders (one per session, one per message), listed on the bulk reader's worker where they are many. */
  private async listRecordsOf(changes: ChangeSet, folders: readonly string[]): Promise<string[]> {
    const dirs = folders.map((folder) => path.join(this.path, folder));
    const listings = await listDirs(dirs, 'files', '.json');
    return dirs.flatMap((dir, i) => this.recordsOf(changes, dir, listings[i]));
  }

  private recordsOf(changes: ChangeSet, dir: string, listing: DirListing | undefined): string[] {
    if (!listing) return [];
    if (!listing.ok) {
      if (!listing.missing) changes.issues.push({ source: this.kind, path: dir, kind: 'io', reason: listing.reason, at: Date.now() });
      return [];
    }
    for (const { name, reason } of listing.odd) changes.issues.push({ source: this.kind, path: path.join(dir, name), kind: 'io', reason, at: Date.now() });
    return listing.names.map((name) => entryPath(dir, name));
  }

  private async listNested(changes: ChangeSet, folder: string): Promise<string[]> {
    const dir = path.join(this.path, folder);
    const listing = await listDir(dir, 'dirs');
    if (!listing.ok) {
      if (!listing.missing) changes.issues.push({ source: this.kind, path: dir, kind: 'io', reason: listing.reason, at: Date.now() });
      return [];
    }
    return this.listRecordsOf(changes, listing.names.map((name) => path.join(folder, name)));
  }

  /** `listedAsFile`: a folder listing just showed it as a regular file (see readDataFile). */
  private async readOne(changes: ChangeSet, file: string, listedAsFile = false): Promise<void> {
    const where = classifyTreePath(this.path, file);
    if (!where) return;
    if (where.kind === 'todo' || where.kind === 'session_diff') {
      changes.touchedSessions.push(where.id);
      return;
    }
    this.takeRecord(changes, file, where, await readTreeRecord(file, this.path, undefined, listedAsFile));
  }

  /**
   * Files folder listings just showed (the first read: 100,000+ records), read in batches on a
   * worker thread (lib/server/fs/bulk-read) and parsed here.
   */
  private async readListed(changes: ChangeSet, files: readonly string[]): Promise<void> {
    const records: string[] = [];
    const places = new Map<string, TreePath>();
    for (const file of files) {
      const where = classifyTreePath(this.path, file);
      if (where?.kind === 'todo' || where?.kind === 'session_diff') changes.touchedSessions.push(where.id);
      else if (where) {
        records.push(file);
        places.set(file, where);
      }
    }
    for await (const batch of readListedFiles(records, { root: this.path, maxBytes: FILE_CAPS.jsonRecord })) {
      for (const { file, read } of batch) {
        const where = places.get(file);
        if (where) this.takeRecord(changes, file, where, treeRecordFromRead(read));
      }
    }
  }

  private takeRecord(changes: ChangeSet, file: string, where: TreePath, record: TreeRecord): void {
    if (record.status === 'missing') {
      if (where.kind === 'message') this.cacheWriter?.remove([file]);
      return markRemoved(changes, where);
    }
    if (record.status === 'failed') {
      changes.issues.push({ source: this.kind, path: file, kind: record.kind, reason: record.reason, at: Date.now() });
      return;
    }
    if (record.status !== 'ok') return;
    const reshaped = reshapeRecord(where, record.value, this.kind, file);
    if (!reshaped.ok) {
      changes.issues.push({ source: this.kind, path: file, kind: 'schema', reason: reshaped.reason, at: Date.now() });
      return;
    }
    const value = reshaped.value;
    if (where.kind === 'project') changes.projects.push(value as ChangeSet['projects'][number]);
    else if (where.kind === 'session') changes.sessions.push(value as ChangeSet['sessions'][number]);
    else if (where.kind === 'message') {
      const message = value as ChangeSet['messages'][number];
      changes.messages.push(message);
      // The version the open file had: a write after that changes it, so a stale copy is never
      // trusted. A file written in the last two seconds is not kept: a rewrite of the same size in
      // the same tick of the clock would not change it.
      if (writtenTooRecently(record.mtimeMs)) this.cacheWriter?.remove([file]);
      else this.cacheWriter?.note(file, record.version, message);
    }
    else if (where.kind === 'part') changes.parts.push(value as ChangeSet['parts'][number]);
  }
}

function markRemoved(changes: ChangeSet, where: TreePath): void {
  if (where.kind === 'session') changes.removed.sessions.push(where.id);
  else if (where.kind === 'message') changes.removed.messages.push(where.id);
  else if (where.kind === 'part') changes.removed.parts.push(where.id);
}

type AnyRecord = ChangeSet['projects'][number] | ChangeSet['sessions'][number] | ChangeSet['messages'][number] | ChangeSet['parts'][number];

function reshapeRecord(where: TreePath, value: unknown, kind: 'opencode-json', file: string): { ok: true; value: AnyRecord } | { ok: false; reason: string } {
  switch (where.kind) {
    case 'project':
      return reshapeProject(value, kind);
    case 'session':
      return reshapeSession(value, kind, file);
    case 'message':
      return reshapeMessage(value);
    default: {
      const fast = fastPartMeta(value);
      if (fast) return { ok: true, value: fast };
      const part = reshapePart(value);
      return part.ok ? { ok: true, value: partMetaOf(part.value) } : part;
    }
  }
}
