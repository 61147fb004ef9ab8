import 'server-only';
import path from 'node:path';
import type { Part } from '@/lib/model/part';
import type { FileDiff, Todo } from '@/lib/model/todo';
import { listDir } from '@/lib/server/fs/list-dir';
import { mapLimit } from '@/lib/server/fs/map-limit';
import type { ReadIssue, SessionContent } from '../../read-result';
import { rawFileDiffListSchema, rawTodoListSchema } from '../raw-schemas';
import { reshapePart } from '../reshape-part';
import { readTreeRecord } from './read-tree-record';

const READ_CONCURRENCY = 64;

/** Reads every part of a session, and its todos and diffs, from the JSON tree. */
export async function loadTreeContent(storageRoot: string, sessionID: string): Promise<SessionContent> {
  const issues: ReadIssue[] = [];
  const issue = (file: string, kind: ReadIssue['kind'], reason: string): void => {
    issues.push({ source: 'opencode-json', path: file, kind, reason, at: Date.now() });
  };
  const messageDir = path.join(storageRoot, 'message', sessionID);
  const messages = await listDir(messageDir, 'files', '.json');
  const messageIDs = messages.ok ? messages.names.map((name) => name.slice(0, -'.json'.length)) : [];
  const partFiles = (
    await mapLimit(messageIDs, READ_CONCURRENCY, async (messageID) => {
      const dir = path.join(storageRoot, 'part', messageID);
      const listing = await listDir(dir, 'files', '.json');
      return listing.ok ? listing.names.map((name) => path.join(dir, name)) : [];
    })
  ).flat();
  const parts: Part[] = [];
  await mapLimit(partFiles, READ_CONCURRENCY, async (file) => {
    const record = await readTreeRecord(file);
    if (record.status === 'failed') return issue(file, record.kind, record.reason);
    if (record.status !== 'ok') return;
    const part = reshapePart(record.value);
    if (part.ok) parts.push(part.value);
    else issue(file, 'schema', part.reason);
  });
  const todos = await readTreeTodos(storageRoot, sessionID, issues);
  const diffs = await readTreeDiffs(storageRoot, sessionID, issues);
  return { parts, todos, diffs, issues };
}

export async function readTreeTodos(storageRoot: string, sessionID: string, issues: ReadIssue[]): Promise<Todo[]> {
  return readList(path.join(storageRoot, 'todo', `${sessionID}.json`), issues, (value) => {
    const parsed = rawTodoListSchema.safeParse(value);
    return parsed.success ? parsed.data.map((t) => ({ id: t.id ?? undefined, content: t.content, status: t.status, priority: t.priority ?? undefined })) : undefined;
  });
}

/** Per-file diffs: `storage/session_diff/<id>.json`, which stays JSON even in the SQLite era. */
export async function readTreeDiffs(storageRoot: string, sessionID: string, issues: ReadIssue[]): Promise<FileDiff[]> {
  return readList(path.join(storageRoot, 'session_diff', `${sessionID}.json`), issues, (value) => {
    const parsed = rawFileDiffListSchema.safeParse(value);
    return parsed.success ? parsed.data.map((d) => ({ file: d.file, additions: d.additions, deletions: d.deletions, patch: d.patch ?? undefined })) : undefined;
  });
}

async function readList<T>(file: string, issues: ReadIssue[], reshape: (value: unknown) => T[] | undefined): Promise<T[]> {
  const record = await readTreeRecord(file);
  if (record.status === 'missing') return [];
  const fail = (kind: ReadIssue['kind'], reason: string): T[] => {
    issues.push({ source: 'opencode-json', path: file, kind, reason, at: Date.now() });
    return [];
  };
  if (record.status === 'failed') return fail(record.kind, record.reason);
  return reshape(record.value) ?? fail('schema', 'not a list of the expected records');
}
