import 'server-only';
import { existsSync, statSync } from 'node:fs';
import type { MessageInfo } from '@/lib/model/message';
import { emptyChangeSet, gatherStages, isEmptyChangeSet, mergeChangeSets, type ChangeSet, type ContentRequest, type FullReadOptions, type GonePart, type ReadIssue, type SessionContent, type SourceReader, type StepIndexRead } from '../../read-result';
import { loadSqliteContent, loadSqliteStepIndex } from './sqlite-content';
import { fileSignature, hasLeftLog, isLive, openDatabase, writeSignature, type OpenedDatabase } from './open-database';
import { prepareQueries, type Queries, type Row } from './sqlite-queries';
import { messageFromRow, partMetaFromRow, projectFromRow, sessionFromRow } from './sqlite-rows';
import { readSchemaInfo } from './schema-info';
import { rewoundPoint, SqliteCursor, type ResumePoint } from './sqlite-cursor';
import { resumeMarkOf, resumePointOf } from './resume-mark';
import { ScannedTables } from './file-scan/scanned-tables';
import { scanDatabaseMessages, type MessageScan } from './scan-worker/message-scan';
import { decodeMessages, type ScannedMessages } from './scan-worker/scanned-messages';
import { FirstOutputs, repliesToRetime, takeRetimed } from '../first-output';
import { ReadReplies } from './read-replies';

/** The fingerprint of a database that is not there: a machine without OpenCode is as current as any. */
const ABSENT = 'absent';

const REQUIRED_TABLES = ['session', 'message', 'part'] as const;
/** Messages per stage of the first read: each is 25-60 ms of work; requests under way are let out between them (see yieldToRequests). */
const MESSAGE_CHUNK = 2_500;
/** A database file at least this large has its message table read on a worker thread (see scan-worker/). */
const SCAN_WORKER_FROM_BYTES = 32 * 1024 * 1024;
/** Messages whose parts are read per stage of the tail read (~2 queries per session; one stage is ~50 ms). */
const TAIL_CHUNK = 500;
/** Output parts per page of the tool-call read (a page of 5,000 held the event loop ~450 ms on a loaded machine). */
const TOOL_PAGE = 1_000;
/**
 * A restart follows on from its mark while what was written since is at most this (one change set:
 * ~2,000 messages are a busy day); more, as after an import, is read whole, in stages.
 */
const RESUME_MAX_MESSAGES = 5_000;
const RESUME_MAX_PARTS = 50_000;

/** Where the message and part tables start in the file: the same pages while they are the same tables. */
function tablesOf(q: Queries): string {
  return (q.tableRoots.all() as { name: string; rootpage: number }[]).map((t) => `${t.name}:${t.rootpage}`).join(',');
}

/** OpenCode's SQLite database (1.2.0 and later), read-only, incrementally. */
export class SqliteReader implements SourceReader {
  readonly kind = 'opencode-sqlite' as const;
  private opened: OpenedDatabase | undefined;
  private queries: Queries | undefined;
  private cursor = new SqliteCursor();
  private fileIdentity = '';
  /** The database's and its log's size and time when the last read began. */
  private readSignature = '';
  /** Why the database could not be read, if it could not. */
  openError: string | undefined;
  /** The options of the full read under way. */
  private fullRead: FullReadOptions | undefined;
  /** Why the last direct read of the file stopped, if it did. */
  private scanProblem: string | undefined;
  /** Records skipped since the last full read (a mark must not pass over a message the database lacks). */
  private skipped = 0;

  /** `scanWorkerFromBytes`: from what file size the first read's message scan runs on a worker thread. */
  constructor(
    readonly path: string,
    private readonly dataDir: string,
    private readonly scanWorkerFromBytes = SCAN_WORKER_FROM_BYTES,
  ) {}

  found(): boolean {
    return existsSync(this.path);
  }

  /** How the database is being read, for /api/health. */
  get mode(): string {
    return this.opened ? `${this.opened.mode}: ${this.opened.note}` : this.openError ?? 'not open';
  }

  watchTargets(): string[] {
    return [this.path, `${this.path}-wal`];
  }

  close(): void {
    this.opened?.close();
    this.opened = undefined;
    this.queries = undefined;
  }

  readAll(options?: FullReadOptions): Promise<ChangeSet> {
    return gatherStages(this.readAllStaged(options));
  }

  async *readAllStaged(options?: FullReadOptions): AsyncGenerator<ChangeSet> {
    this.skipped = 0;
    this.fullRead = options;
    yield* this.readEverything();
    this.rememberTails();
    // Where a later start follows on from, once this read is written whole.
    const mark = this.resumeMark();
    if (mark !== undefined) yield { ...emptyChangeSet(), resumeMark: mark };
    // The message ids this read kept are in the session database by the next increment, which asks it for a session's.
    const held = this.fullRead?.heldAfter?.();
    if (held) this.cursor.dropKnownIds(held);
  }

  /** Whether a mark may stand for what was read: nothing was skipped, the read did not fail. */
  private markable(): boolean {
    return this.skipped === 0 && this.openError === undefined && this.queries !== undefined;
  }

  private async *readEverything(): AsyncGenerator<ChangeSet> {
    this.readSignature = writeSignature(this.path);
    this.close();
    const held = this.found() ? this.fullRead?.held?.() : undefined;
    this.cursor = new SqliteCursor(held);
    const first = emptyChangeSet();
    first.complete = true;
    const resume = this.found() ? this.fullRead?.resume?.() : undefined;
    const point = resume && resumePointOf(resume.mark, identity(this.path));
    if (held) {
      const q = await this.open(first);
      if (!q) return yield first;
      if (yield* this.firstStage(q, first)) yield* this.heldStages(q, point);
      return;
    }
    if (resume && point) {
      // Changed since the last complete read, in the same file: what changed since the mark is read.
      this.cursor = new SqliteCursor(resume.held);
      const q = await this.open(first);
      if (!q) return yield first;
      const from = this.resumable(q, point);
      if (from) {
        first.recordsHeld = true;
        if (yield* this.firstStage(q, first)) yield* this.resumedStages(q, from);
        return;
      }
      this.close();
      this.cursor = new SqliteCursor();
    }
    const messages = new ReadReplies();
    // The direct read sees the file only: not a log OpenCode writes, nor one a crash left.
    const scan = this.found() && !isLive(this.path) && !hasLeftLog(this.path) ? startScan(this.path) : undefined;
    if (!scan) {
      const q = await this.open(first);
      if (!q) return yield first;
      if (yield* this.queryStages(q, first, messages)) yield* this.tailParts(q, messages);
      return;
    }
    // OpenCode is not running: the sessions and messages are read straight from the file, then SQLite
    // opens it (immutable; a private copy only where that is impossible, whose disk writes beside
    // the first stages held up the first answer by up to a second).
    const fileBefore = fileSignature(this.path);
    const opened = emptyChangeSet();
    let opening: Promise<Queries | undefined> | undefined;
    this.scanProblem = undefined;
    // Large files: the messages are scanned on a worker from now on, beside the sessions and the server's start.
    const messageScan = this.largeFile() ? scanDatabaseMessages(this.path, MESSAGE_CHUNK) : undefined;
    let scanned: 'none' | 'partial' | 'complete';
    try {
      scanned = yield* this.scanStages(scan, first, messages, () => (opening = this.open(opened)), messageScan);
    } finally {
      messageScan?.stop();
    }
    const q = await (opening ?? this.open(opened));
    if (!q) return yield opened;
    if (scanned !== 'complete' && !this.passesCheck(opened)) return yield opened;
    if (scanned === 'complete' && fileSignature(this.path) === fileBefore) {
      yield opened;
      yield* this.tailParts(q, messages);
      return;
    }
    // The scan failed or the file changed under it: read everything again from the copy.
    this.cursor = new SqliteCursor();
    messages.clear();
    opened.complete = true;
    if (yield* this.queryStages(q, opened, messages)) yield* this.tailParts(q, messages);
  }

  /**
   * Projects and sessions (the first stage), then messages in chunks, read from the file itself: on
   * the worker (`messageScan`) where there is one, else here.
   */
  private async *scanStages(scan: ScannedTables, first: ChangeSet, messages: ReadReplies, afterScan: () => void, messageScan?: MessageScan): AsyncGenerator<ChangeSet, 'none' | 'partial' | 'complete'> {
    try {
      const scanned = emptyChangeSet();
      try {
        for (const row of scan.projects()) this.take(scanned, 'project', row);
        for (const row of scan.sessions()) this.take(scanned, 'session', row);
      } catch (error) {
        this.scanProblem = (error as Error).message;
        this.cursor = new SqliteCursor();
        return 'none';
      }
      yield mergeChangeSets(first, scanned);
      let onThisThread = messageScan === undefined;
      if (messageScan) {
        const chunks = messageScan.chunks();
        let taken = 0;
        for (let next = await chunks.next(); ; next = await chunks.next()) {
          if (next.done) {
            const end = next.value;
            if (end.failed && taken === 0) onThisThread = true;
            else if (end.error !== undefined || end.failed) {
              this.scanProblem = end.error ?? 'the scan worker stopped';
              return 'partial';
            }
            break;
          }
          const chunk = emptyChangeSet();
          this.takeScanned(chunk, next.value.chunk);
          taken++;
          messages.note(chunk.messages);
          yield chunk;
        }
      }
      if (onThisThread) {
        try {
          for (const rows of scan.messages(MESSAGE_CHUNK)) {
            const chunk = emptyChangeSet();
            for (const row of rows) this.take(chunk, 'message', row);
            messages.note(chunk.messages);
            yield chunk;
          }
        } catch (error) {
          this.scanProblem = (error as Error).message;
          return 'partial';
        }
      }
      afterScan();
      return 'complete';
    } finally {
      scan.close();
    }
  }

  /** Messages the scan worker reshaped (as `take` would), and the rows it left to the schema path. */
  private takeScanned(changes: ChangeSet, chunk: ScannedMessages): void {
    for (const { message, rowid } of decodeMessages(chunk)) {
      changes.messages.push(message);
      this.cursor.noteMessage(message.sessionID, message.id, rowid);
    }
    for (const row of chunk.rows) this.take(changes, 'message', row);
  }

  /** A database large enough for its messages to be read on a worker thread. */
  private largeFile(): boolean {
    return (statSync(this.path, { throwIfNoEntry: false })?.size ?? 0) >= this.scanWorkerFromBytes;
  }

  /** Projects and sessions (the first stage, `first`), through SQLite; false if it failed. */
  private *firstStage(q: Queries, first: ChangeSet): Generator<ChangeSet, boolean> {
    try {
      for (const row of (q.projects?.all() ?? []) as Row[]) this.take(first, 'project', row);
      for (const row of q.sessions.all() as Row[]) this.take(first, 'session', row);
    } catch (error) {
      this.fail(first, error);
      yield first;
      return false;
    }
    yield first;
    return true;
  }

  async fingerprint(): Promise<string | undefined> {
    return this.found() ? `${identity(this.path)}|${writeSignature(this.path)}` : ABSENT;
  }

  /**
   * A read that reached every row is complete as of the signature it began at, records it skipped
   * included (they are not in the database, and a re-read of the same file skips them again; any
   * write changes the file's signature).
   */
  completeAs(): string | undefined {
    // No database (no OpenCode on this machine) is a whole content too: nothing, until a file appears.
    if (this.queries === undefined && this.openError === undefined && !this.found()) return ABSENT;
    return this.openError === undefined && this.queries !== undefined && this.scanProblem === undefined ? this.signature() : undefined;
  }

  /** The file's identity, its and its log's size and time when the read began. */
  private signature(): string {
    return `${identity(this.path)}|${this.readSignature}`;
  }

  /** Projects and sessions (the first stage, `first`), then messages in chunks, through SQLite; false if it failed. */
  private *queryStages(q: Queries, first: ChangeSet, messages: ReadReplies): Generator<ChangeSet, boolean> {
    if (!(yield* this.firstStage(q, first))) return false;
    // By rowid in chunks: no statement stays open while pages read the database between chunks.
    for (let after = 0; ; ) {
      const chunk = emptyChangeSet();
      const rows = this.attempt(chunk, () => q.messagesPage.all(after, MESSAGE_CHUNK) as Row[]);
      for (const row of rows ?? []) this.take(chunk, 'message', row);
      messages.note(chunk.messages);
      yield chunk;
      if (!rows || rows.length < MESSAGE_CHUNK || !this.queries) break;
      after = Number(rows.at(-1)?._rowid ?? after);
    }
    return true;
  }

  /**
   * The newest messages' parts (status and activity), in stages of TAIL_CHUNK messages: the totals
   * are complete before this runs, and requests are let out between stages. The part cursor starts
   * at the newest part before the read (a part written meanwhile is read again, not missed).
   */
  private *tailParts(q: Queries, messages: ReadReplies): Generator<ChangeSet> {
    const done = emptyChangeSet();
    done.messagesComplete = true;
    yield done;
    const newest = yield* this.newestParts(q, messages.tailIds());
    if (newest === undefined) return;
    if (this.fullRead?.toolCalls?.() ?? true) yield* this.outputParts(q, newest, messages);
    // Parts newer than `newest` that this read met (OpenCode writing meanwhile) moved the cursor past
    // others it did not meet: back to `newest`, the next read takes them all (again, harmlessly).
    this.cursor.partRowid = newest;
  }

  /**
   * A restart whose database the session database holds whole (after the first stage): the cursor
   * starts past every message and part, still re-reading the sessions the last run's mark found
   * active. The messages, their tool calls, times to first token and the newest messages' parts
   * (statuses) are in the session database already.
   */
  private *heldStages(q: Queries, point: ResumePoint | undefined): Generator<ChangeSet> {
    const done = emptyChangeSet();
    done.messagesComplete = true;
    this.attempt(done, () => this.cursor.startAtEnd(q));
    if (point) this.cursor.keepActive(point.active);
    yield done;
  }

  /**
   * A restart of a database that changed since the session database's copy was whole (after the
   * first stage): what changed since the cursor's point, read as the increments a running reader
   * would have read. The sessions it does not read again are in the session database as they were,
   * with their newest messages' parts (at 20,000 sessions reading those again took 175,000 parts
   * and 5 s of the start).
   */
  private *resumedStages(q: Queries, point: ResumePoint): Generator<ChangeSet> {
    const caught = emptyChangeSet();
    caught.messagesComplete = true;
    this.attempt(caught, () => {
      this.cursor.catchUp(q, caught, (kind, row) => this.take(caught, kind, row), point);
      this.fillTtft(q, caught.messages);
    });
    yield caught;
  }

  /** The rows below the cursor's rowids, to tell rows written into the rowids of rows that went (rowid-tail.ts). */
  private rememberTails(): void {
    const q = this.queries;
    if (!q) return;
    try {
      this.cursor.rememberTails(q);
    } catch (error) {
      console.warn(`[sessionscope] ${this.path}: the newest rows not remembered (${(error as Error).message})`);
    }
  }

  /** Where a later start follows on from (none after a read that skipped or failed anything). */
  private resumeMark(): string | undefined {
    const q = this.queries;
    if (!q || !this.markable() || this.fileIdentity === '') return undefined;
    return resumeMarkOf(this.fileIdentity, { ...this.cursor.point(), tables: tablesOf(q) });
  }

  /**
   * The point to follow on from, if a mark's rowids still number the rows they numbered (a table
   * rebuilt, as a migration may, numbers them anew: a new row could sit below the mark), and what
   * was written since is an increment's worth, not a history (an import: read whole, in stages).
   */
  private resumable(q: Queries, point: ResumePoint): ResumePoint | undefined {
    try {
      if (tablesOf(q) !== point.tables) return undefined;
      // Back past rows that went since the mark: rows written since may have taken their rowids.
      const from = rewoundPoint(q, point);
      const small = Number(q.messageCountAfterRowid.get(from.messageRowid) ?? 0) <= RESUME_MAX_MESSAGES && Number(q.partCountAfterRowid.get(from.partRowid) ?? 0) <= RESUME_MAX_PARTS;
      return small ? from : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * The parts of the given messages (each session's newest), in stages of TAIL_CHUNK messages;
   * returns the newest part's rowid before the read (undefined if the database failed).
   */
  private *newestParts(q: Queries, messageIDs: Iterable<string>): Generator<ChangeSet, number | undefined> {
    let chunk = emptyChangeSet();
    const newest = this.attempt(chunk, () => Number(q.maxPartRowid.get() ?? 0));
    if (newest === undefined) {
      yield chunk;
      return undefined;
    }
    this.cursor.partRowid = newest;
    let inChunk = 0;
    for (const messageID of messageIDs) {
      const read = this.attempt(chunk, () => {
        for (const row of q.partsOfMessage.all(messageID) as Row[]) this.take(chunk, 'part', row);
        return true;
      });
      if (!read) break;
      if (++inChunk >= TAIL_CHUNK) {
        yield chunk;
        chunk = emptyChangeSet();
        inChunk = 0;
      }
    }
    yield chunk;
    return newest;
  }

  /**
   * Every tool call up to `newest`, by rowid page: the session database counts each (tool
   * insights); the store keeps the newest messages' parts only and drops the others as it takes them.
   * The same pass notes every output part's times: then the replies, again, with their time to
   * first token (the session database keeps it; the messages came before their parts).
   */
  private *outputParts(q: Queries, newest: number, replies: ReadReplies): Generator<ChangeSet> {
    for (let after = 0; ; ) {
      const chunk = emptyChangeSet();
      const rows = this.attempt(chunk, () => q.outputPartsPage.all(after, newest, TOOL_PAGE) as Row[]);
      for (const row of rows ?? []) {
        replies.noteOutput(String(row.message_id), row.type, row.own_start, row.run_start, row.time_created);
        if (row.type === 'tool') this.take(chunk, 'part', row);
      }
      yield chunk;
      if (!rows) return;
      if (rows.length < TOOL_PAGE) break;
      after = Number(rows.at(-1)?._rowid ?? newest);
    }
    yield* this.retimedReplies(q, replies);
  }

  /**
   * The replies whose time to first token the parts gave, parsed again from their rows by rowid
   * page (the read keeps no message: see ReadReplies); rows of other messages are passed over
   * unparsed. A row that no longer parses was listed by the read that took it.
   */
  private *retimedReplies(q: Queries, replies: ReadReplies): Generator<ChangeSet> {
    if (replies.replies === 0) return;
    for (let after = 0; ; ) {
      const chunk = emptyChangeSet();
      const rows = this.attempt(chunk, () => q.messagesPage.all(after, MESSAGE_CHUNK) as Row[]);
      for (const row of rows ?? []) {
        const ttft = replies.changedTtft(String(row.id));
        if (ttft === undefined) continue;
        const reshaped = messageFromRow(row);
        if (reshaped.ok && reshaped.value.role === 'assistant') chunk.messages.push({ ...reshaped.value, ttft });
      }
      if (!isEmptyChangeSet(chunk)) yield chunk;
      if (!rows || rows.length < MESSAGE_CHUNK) return;
      after = Number(rows.at(-1)?._rowid ?? after);
    }
  }

  async retimeReplies(changes: ChangeSet, known: (sessionID: string, messageID: string) => MessageInfo | undefined, gone: readonly GonePart[] = []): Promise<void> {
    const q = this.queries;
    const replies = repliesToRetime([...changes.parts, ...gone], changes.messages, known);
    if (!q || replies.length === 0) return;
    this.attempt(changes, () => this.fillTtft(q, replies));
    takeRetimed(changes.messages, replies, known);
  }

  /** The replies an increment read, with their time to first token from their output parts so far. */
  private fillTtft(q: Queries, messages: MessageInfo[]): void {
    const outputs = new FirstOutputs();
    for (const m of messages) {
      if (m.role !== 'assistant') continue;
      for (const row of q.outputTimesOfMessage.all(m.id) as Row[]) outputs.note(m.id, row.type, row.own_start, row.run_start, row.time_created);
      const ttft = outputs.ttftOf(m);
      if (ttft !== undefined) m.ttft = ttft;
    }
  }

  private attempt<T>(changes: ChangeSet, read: () => T): T | undefined {
    if (!this.queries) return undefined;
    try {
      return read();
    } catch (error) {
      this.fail(changes, error);
      return undefined;
    }
  }

  changedSinceRead(): boolean {
    return writeSignature(this.path) !== this.readSignature;
  }

  async readChanged(_paths: readonly string[]): Promise<ChangeSet> {
    this.readSignature = writeSignature(this.path);
    const changes = emptyChangeSet();
    if (this.needsReopen()) {
      if (!this.followsAcrossReopen()) return this.readAll();
      // The same file, opened anew (OpenCode started or stopped; ccusage or another reader opened
      // and closed it): the cursor's rowids and times still hold, so only what changed is read, as
      // while attached. Read whole, a 20,000-session history was gathered into one change set (GBs).
      this.close();
      if (!(await this.open(changes))) return changes;
    }
    const q = this.queries;
    if (!q) return this.readAll();
    try {
      this.cursor.readIncrement(q, changes, (kind, row) => this.take(changes, kind, row));
      this.fillTtft(q, changes.messages);
      // A new mark only with something to write: an unchanged cursor's mark stands.
      if (changes.failed === undefined && !isEmptyChangeSet(changes)) changes.resumeMark = this.resumeMark();
    } catch (error) {
      this.fail(changes, error);
    }
    return changes;
  }

  async loadContent(sessionID: string, request?: ContentRequest): Promise<SessionContent | undefined> {
    const q = this.queries;
    if (!q) return undefined;
    try {
      return await loadSqliteContent(q, this.path, this.dataDir, sessionID, request);
    } catch (error) {
      // A corrupt page under this session's rows: the page shows the reason instead of failing.
      return { parts: [], todos: [], diffs: [], issues: [databaseIssue(this.path, (error as Error).message || String(error))] };
    }
  }

  async loadStepIndex(sessionID: string): Promise<StepIndexRead | undefined> {
    const q = this.queries;
    if (!q) return undefined;
    try {
      return loadSqliteStepIndex(q, this.path, sessionID);
    } catch (error) {
      return { messageIDs: [], partIDs: [], steps: [], issues: [databaseIssue(this.path, (error as Error).message || String(error))] };
    }
  }

  private async open(changes: ChangeSet): Promise<Queries | undefined> {
    this.openError = undefined;
    if (!this.found()) return undefined;
    try {
      this.fileIdentity = identity(this.path);
      this.opened = await openDatabase(this.path);
      const info = readSchemaInfo(this.opened.db);
      const missing = REQUIRED_TABLES.filter((table) => !info.tables.has(table));
      if (missing.length > 0) throw new Error(`not an OpenCode database: no ${missing.join(', ')} table`);
      this.queries = prepareQueries(this.opened.db, info);
      return this.queries;
    } catch (error) {
      this.fail(changes, error);
      return undefined;
    }
  }

  /**
   * Whether a reopen can go on from the cursor: the last open read the file, and it is still that
   * file (a database replaced by another, a restored copy or a sync tool's, is read whole).
   */
  private followsAcrossReopen(): boolean {
    return this.queries !== undefined && this.fileIdentity !== '' && identity(this.path) === this.fileIdentity;
  }

  /**
   * Switch between immutable and live when OpenCode starts or stops, or the file was replaced. An
   * immutable connection never looks at the file again: any change means a new one.
   */
  private needsReopen(): boolean {
    if (!this.opened) return this.found();
    const liveNow = isLive(this.path);
    if (this.opened.mode !== 'live') return true;
    return !liveNow || identity(this.path) !== this.fileIdentity;
  }

  private take(changes: ChangeSet, kind: 'project' | 'session' | 'message' | 'part', row: Row): void {
    const where = `${this.path}#${kind}/${String(row.id)}`;
    if (kind === 'project') {
      push(changes, where, projectFromRow(row), (v) => changes.projects.push(v));
      return;
    }
    if (kind === 'session') {
      push(changes, where, sessionFromRow(row, this.path), (v) => {
        changes.sessions.push(v);
        this.cursor.noteSession(v.id, v.time.updated);
      });
      return;
    }
    if (kind === 'message') {
      const ok = push(changes, where, messageFromRow(row), (v) => {
        changes.messages.push(v);
        this.cursor.noteMessage(v.sessionID, v.id, Number(row._rowid ?? 0));
      });
      if (!ok) this.skipped++;
      return;
    }
    const created = typeof row.time_created === 'number' ? row.time_created : undefined;
    const updated = typeof row._updated === 'number' ? row._updated : undefined;
    push(changes, where, partMetaFromRow(row, created, updated), (v) => {
      changes.parts.push(v);
      this.cursor.notePart(Number(row._rowid ?? 0));
    });
  }

  /**
   * After the direct read found the file corrupt (a page reached twice: a looping page graph),
   * SQLite's own check decides: a corrupt file is listed with the reason and not read (SQLite would
   * follow the loop too and accept garbage rows).
   */
  private passesCheck(changes: ChangeSet): boolean {
    const problem = this.scanProblem;
    const db = this.opened?.db;
    if (!problem || !/corrupt/.test(problem) || !db) return true;
    let verdict: unknown;
    try {
      verdict = db.pragma('quick_check(1)', { simple: true });
    } catch (error) {
      verdict = (error as Error).message;
    }
    if (verdict === 'ok') return true;
    this.fail(changes, `corrupt database, not read: ${problem}`);
    return false;
  }

  private fail(changes: ChangeSet, error: unknown): void {
    const reason = (error as Error).message || String(error);
    this.openError = reason;
    changes.issues.push(databaseIssue(this.path, reason));
    this.close();
  }
}

function push<T>(changes: ChangeSet, where: string, reshaped: { ok: true; value: T } | { ok: false; reason: string }, add: (value: T) => void): boolean {
  if (reshaped.ok) add(reshaped.value);
  else changes.issues.push({ source: 'opencode-sqlite', path: where, kind: 'schema', reason: reshaped.reason, at: Date.now() });
  return reshaped.ok;
}

function databaseIssue(file: string, reason: string): ReadIssue {
  return { source: 'opencode-sqlite', path: file, kind: 'database', reason, at: Date.now() };
}

/** A direct read of the file, or nothing (the copy is read instead) if it cannot be made. */
function startScan(file: string): ScannedTables | undefined {
  try {
    return new ScannedTables(file);
  } catch {
    return undefined;
  }
}

function identity(file: string): string {
  try {
    const stat = statSync(file);
    return `${stat.dev}:${stat.ino}`;
  } catch {
    return '';
  }
}
