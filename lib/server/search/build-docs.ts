import 'server-only';
import { realpathSync } from 'node:fs';
import type { Part } from '@/lib/model/part';
import type { FactsTable } from '@/lib/search/packed-facts';
import { errorDocument, partDocuments, sessionDocuments, type MessageFacts } from '@/lib/search/session-documents';
import type { SearchDoc } from '@/lib/search/search-types';
import { readTreeTodos } from '../readers/opencode/json/json-tree-content';
import { NoCopyError, openDatabase, type OpenedDatabase } from '../readers/opencode/sqlite/open-database';
import { readSchemaInfo } from '../readers/opencode/sqlite/schema-info';
import { partsOfRows } from '../readers/opencode/sqlite/sqlite-content';
import { prepareQueries, type Queries, type Row } from '../readers/opencode/sqlite/sqlite-queries';
import type { ReadIssue } from '../readers/read-result';
import { searchablePart } from './searchable-part';
import { readTreePartsSync } from './tree-parts-sync';
import { appendAll } from '@/lib/arrays/append-all';
import { isTranscriptKind, readTranscriptParts, type TranscriptKind, type TranscriptSession } from './transcript-parts';

/** A source the build reads straight from disk: OpenCode's database, its JSON tree's `storage/`, or a folder of transcripts (transcript-parts.ts). */
export interface BuildSource {
  kind: 'opencode-sqlite' | 'opencode-json' | TranscriptKind;
  path: string;
}

export const isTranscriptSource = (source: BuildSource): source is BuildSource & { kind: TranscriptKind } => isTranscriptKind(source.kind);

/** What the build reads: the sessions whose stored fingerprint differs, and their sources. */
export interface DocsPlan {
  sources: BuildSource[];
  /** `signed`: a JSON-tree session the index has never seen, whose part signature is taken as it is read (not by a pass of its own). */
  sessions: ({ title: string; created: number; source: number; signed?: boolean } & TranscriptSession)[];
}

/** Where the documents go, a batch at a time (the batch is written before the promise settles, or soon after). */
export interface DocsSink {
  docs(batch: SearchDoc[]): void | Promise<void>;
  /** Sessions read so far (a database read in one pass counts them by how far it got). */
  progress(done: number): void;
}

export interface DocsRead {
  /** Sessions read with issues (or not read): written as far as they went, to be read again at the next start. */
  failed: string[];
  /** The part signatures of the `signed` sessions (see treeSignaturesSync). */
  signatures: [string, string][];
}

/** Documents per batch, or fewer when their text is this long: one write transaction each. */
const BATCH_DOCS = 8_000;
const BATCH_CHARS = 4_000_000;
/** Part rows read per query of the bulk scan, and at most this many bytes of them (a huge row comes alone). */
const SCAN_ROWS = 1_000;
const SCAN_BYTES = 16_000_000;
/** With more sessions to read than this, a database's part table is read in one pass by rowid (tests set it). */
const bulkSessions = (): number => Number(process.env.SESSIONSCOPE_SEARCH_BULK_ABOVE ?? 50);

/**
 * The search documents of the planned sessions, read straight from their sources in bulk and handed
 * to `sink` in large batches: every part (by the facts of its message), every message's error, each
 * session's title and todos. Runs on its own worker beside the one that writes (see docs-reader.ts).
 */
export async function readBuildDocs(plan: DocsPlan, facts: FactsTable, sink: DocsSink): Promise<DocsRead> {
  const batch = new DocBatch(sink);
  const failed = new Set<string>();
  const signatures: [string, string][] = [];
  let done = 0;
  for (const [i, source] of plan.sources.entries()) {
    const sessions = plan.sessions.filter((s) => s.source === i);
    if (sessions.length === 0) continue;
    if (source.kind === 'opencode-sqlite') {
      const database = await openDatabase(source.path, undefined, true, false).catch((error: unknown) => {
        if (error instanceof NoCopyError) return undefined;
        throw error;
      });
      if (!database) {
        for (const s of sessions) failed.add(s.id);
        continue;
      }
      try {
        await readDatabase(database, source.path, sessions, facts, batch, failed, (n) => sink.progress(done + n));
      } finally {
        database.close();
      }
    } else if (isTranscriptSource(source)) {
      for (const [n, s] of sessions.entries()) {
        if (!(await readTranscriptParts(source.kind, source.path, s, (part) => batch.part(part, facts)))) failed.add(s.id);
        batch.own(s, []);
        await batch.maybeSend();
        sink.progress(done + n + 1);
      }
    } else {
      const rootReal = realpathSync(source.path);
      for (const [n, s] of sessions.entries()) {
        const issues: ReadIssue[] = [];
        const read = readTreePartsSync(source.path, rootReal, s.id);
        const todos = await readTreeTodos(source.path, s.id, issues);
        if (read.failed || issues.length > 0) failed.add(s.id);
        if (s.signed) signatures.push([s.id, read.signature]);
        for (const part of read.parts) batch.part(part, facts);
        batch.own(s, todos);
        await batch.maybeSend();
        sink.progress(done + n + 1);
      }
    }
    const ids = new Set(sessions.map((s) => s.id));
    for (const [id, f] of facts.withErrors()) if (ids.has(f.sessionID)) batch.error(id, f);
    done += sessions.length;
  }
  await batch.send();
  return { failed: [...failed], signatures };
}

async function readDatabase(
  database: OpenedDatabase,
  sourcePath: string,
  sessions: DocsPlan['sessions'],
  facts: FactsTable,
  batch: DocBatch,
  failed: Set<string>,
  progress: (sessionsDone: number) => void,
): Promise<void> {
  const q = prepareQueries(database.db, readSchemaInfo(database.db));
  const ids = new Set(sessions.map((s) => s.id));
  const onRows = async (rows: Row[]): Promise<void> => {
    const issues: ReadIssue[] = [];
    const others: Row[] = [];
    for (const row of rows) {
      if (!ids.has(String(row.session_id))) continue;
      // Text, reasoning and tool parts without the reader's full validation (searchable-part.ts); the rest its way.
      const part = searchablePart(row);
      if (part) batch.part(part, facts);
      else if (part === undefined) others.push(row);
    }
    for (const part of partsOfRows(others, sourcePath, issues)) batch.part(part, facts);
    for (const issue of issues) failed.add(sessionOfIssue(rows, issue.path));
    await batch.maybeSend();
  };
  if (sessions.length > bulkSessions()) {
    const max = Math.max(1, Number(database.db.prepare('SELECT coalesce(max(rowid), 0) FROM part').pluck().get()));
    // The rows' sizes first (SQLite reads them from the record header, not the text). The rows come
    // whole: JSON.parse reads a tool's metadata (a third of the bytes) faster than SQLite's json_remove drops it.
    const sizes = database.db.prepare('SELECT rowid AS r, coalesce(octet_length(data), 0) AS b FROM part WHERE rowid > ? ORDER BY rowid LIMIT ?');
    const page = database.db.prepare('SELECT rowid AS _r, id, message_id, session_id, time_created, data FROM part WHERE rowid > ? AND rowid <= ? ORDER BY rowid');
    for (let after = 0; ; ) {
      const heads = sizes.all(after, SCAN_ROWS) as { r: number; b: number }[];
      if (heads.length === 0) break;
      let last = after;
      let bytes = 0;
      for (const head of heads) {
        if (last > after && bytes + head.b > SCAN_BYTES) break;
        bytes += head.b;
        last = head.r;
      }
      const rows = page.all(after, last) as Row[];
      after = last;
      await onRows(rows);
      progress(Math.floor((sessions.length * Math.min(after, max)) / max));
    }
  } else {
    for (const [n, s] of sessions.entries()) {
      await onRows(q.fullPartsOfSession.all(s.id) as Row[]);
      progress(n + 1);
    }
  }
  for (const s of sessions) batch.own(s, sqliteTodos(q, s.id));
}

/** The session a part row's issue names (`<db>#part/<id>`). */
function sessionOfIssue(rows: readonly Row[], issuePath: string): string {
  const id = issuePath.slice(issuePath.lastIndexOf('/') + 1);
  return String(rows.find((row) => String(row.id) === id)?.session_id ?? '');
}

function sqliteTodos(q: Queries, sessionID: string): { content: string }[] {
  return ((q.todos?.all(sessionID) ?? []) as Row[]).map((row) => ({ content: String(row.content ?? '') }));
}

/** Collects documents and hands them on in large batches. */
class DocBatch {
  private docs: SearchDoc[] = [];
  private chars = 0;

  constructor(private readonly sink: DocsSink) {}

  part(part: Part, facts: FactsTable): void {
    const f = facts.get(part.messageID);
    if (!f || f.sessionID !== part.sessionID) return;
    this.add(() => partDocuments(part, f, this.docs));
  }

  error(messageID: string, f: MessageFacts): void {
    this.add(() => errorDocument(messageID, f, this.docs));
  }

  own(s: DocsPlan['sessions'][number], todos: readonly { content: string }[]): void {
    this.add(() => appendAll(this.docs, sessionDocuments({ id: s.id, title: s.title, time: { created: s.created } }, todos)));
  }

  private add(push: () => void): void {
    const before = this.docs.length;
    push();
    for (let i = before; i < this.docs.length; i++) this.chars += this.docs[i]?.body.length ?? 0;
  }

  async maybeSend(): Promise<void> {
    if (this.docs.length < BATCH_DOCS && this.chars < BATCH_CHARS) return;
    await this.send();
    // Lets the worker's messages in between two batches.
    await new Promise((resolve) => setImmediate(resolve));
  }

  async send(): Promise<void> {
    if (this.docs.length === 0) return;
    const docs = this.docs;
    this.docs = [];
    this.chars = 0;
    await this.sink.docs(docs);
  }
}
