import 'server-only';
import path from 'node:path';
import type { Part } from '@/lib/model/part';
import type { FileDiff, Todo } from '@/lib/model/todo';
import { listDir } from '@/lib/server/fs/list-dir';
import { mapLimit } from '@/lib/server/fs/map-limit';
import { partMetaOf } from '@/lib/model/part-meta';
import type { ContentRequest, ReadIssue, SessionContent, StepIndexRead } from '../../read-result';
import { rawFileDiffListSchema, rawTodoListSchema } from '../raw-schemas';
import { reshapePart } from '../reshape-part';
import { readTreeRecord } from './read-tree-record';
import { unifiedPatch } from '@/lib/diff/line-diff';

const READ_CONCURRENCY = 64;

type Issue = (file: string, kind: ReadIssue['kind'], reason: string) => void;

function issueList(): { issues: ReadIssue[]; issue: Issue } {
  const issues: ReadIssue[] = [];
  return { issues, issue: (file, kind, reason) => void issues.push({ source: 'opencode-json', path: file, kind, reason, at: Date.now() }) };
}

/** The session's message ids, by their files' names. */
async function messageIdsOf(storageRoot: string, sessionID: string): Promise<string[]> {
  const messages = await listDir(path.join(storageRoot, 'message', sessionID), 'files', '.json');
  return messages.ok ? messages.names.map((name) => name.slice(0, -'.json'.length)) : [];
}

/** The part files of the given messages. */
async function partFilesOf(storageRoot: string, ids: readonly string[]): Promise<string[]> {
  const lists = await mapLimit(ids, READ_CONCURRENCY, async (messageID) => {
    const dir = path.join(storageRoot, 'part', messageID);
    const listing = await listDir(dir, 'files', '.json');
    return listing.ok ? listing.names.map((name) => path.join(dir, name)) : [];
  });
  return lists.flat();
}

async function readParts(storageRoot: string, files: readonly string[], issue: Issue, wanted?: (text: string) => boolean): Promise<Part[]> {
  const parts: Part[] = [];
  await mapLimit(files, READ_CONCURRENCY, async (file) => {
    const record = await readTreeRecord(file, storageRoot, wanted);
    if (record.status === 'failed') return issue(file, record.kind, record.reason);
    if (record.status !== 'ok') return;
    const part = reshapePart(record.value);
    if (part.ok) parts.push(part.value);
    else issue(file, 'schema', part.reason);
  });
  return parts;
}

/** Reads a session's parts (or some messages' parts), and its todos and diffs, from the JSON tree. */
export async function loadTreeContent(storageRoot: string, sessionID: string, request: ContentRequest = {}): Promise<SessionContent> {
  const { issues, issue } = issueList();
  const parts = await readParts(storageRoot, await partFilesOf(storageRoot, request.messageIDs ?? (await messageIdsOf(storageRoot, sessionID))), issue);
  const extras = request.extras ?? true;
  const todos = extras ? await readTreeTodos(storageRoot, sessionID, issues) : [];
  const diffs = extras ? await readTreeDiffs(storageRoot, sessionID, issues) : [];
  return { parts, todos, diffs, issues };
}

/**
 * A session's part ids (its file names) and step-finish parts. Every file is still read, but only
 * those whose text names a step-finish are parsed and validated.
 */
export async function loadTreeStepIndex(storageRoot: string, sessionID: string): Promise<StepIndexRead> {
  const { issues, issue } = issueList();
  const messageIDs = await messageIdsOf(storageRoot, sessionID);
  const files = await partFilesOf(storageRoot, messageIDs);
  const steps = await readParts(storageRoot, files, issue, (text) => text.includes('step-finish'));
  return {
    messageIDs,
    partIDs: files.map((file) => path.basename(file, '.json')),
    steps: steps.filter((p) => p.type === 'step-finish').map((p) => partMetaOf(p)),
    issues,
  };
}

export async function readTreeTodos(storageRoot: string, sessionID: string, issues: ReadIssue[]): Promise<Todo[]> {
  return readList(storageRoot, path.join(storageRoot, 'todo', `${sessionID}.json`), issues, (value) => {
    const parsed = rawTodoListSchema.safeParse(value);
    return parsed.success ? parsed.data.map((t) => ({ id: t.id ?? undefined, content: t.content, status: t.status, priority: t.priority ?? undefined })) : undefined;
  });
}

/** Per-file diffs: `storage/session_diff/<id>.json`, which stays JSON even in the SQLite era. */
export async function readTreeDiffs(storageRoot: string, sessionID: string, issues: ReadIssue[]): Promise<FileDiff[]> {
  return readList(storageRoot, path.join(storageRoot, 'session_diff', `${sessionID}.json`), issues, (value) => {
    const parsed = rawFileDiffListSchema.safeParse(value);
    // A diff that keeps the file's two versions (1.1.x) opens as the patch made from them.
    const patchOf = (d: { patch?: string | null; before?: string; after?: string }) => d.patch ?? (d.before !== undefined && d.after !== undefined ? unifiedPatch(d.before, d.after) : undefined);
    return parsed.success ? parsed.data.map((d) => ({ file: d.file, additions: d.additions, deletions: d.deletions, patch: patchOf(d) })) : undefined;
  });
}

async function readList<T>(storageRoot: string, file: string, issues: ReadIssue[], reshape: (value: unknown) => T[] | undefined): Promise<T[]> {
  const record = await readTreeRecord(file, storageRoot);
  if (record.status === 'missing') return [];
  const fail = (kind: ReadIssue['kind'], reason: string): T[] => {
    issues.push({ source: 'opencode-json', path: file, kind, reason, at: Date.now() });
    return [];
  };
  if (record.status === 'failed') return fail(record.kind, record.reason);
  if (record.status !== 'ok') return [];
  return reshape(record.value) ?? fail('schema', 'not a list of the expected records');
}
