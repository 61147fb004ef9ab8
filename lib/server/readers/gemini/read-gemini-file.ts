import 'server-only';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { parsedNestsDeeperThan, TOO_DEEP_REASON } from '@/lib/model/json-depth';
import { FILE_CAPS } from '@/lib/server/fs/file-caps';
import { readDataFile } from '@/lib/server/fs/open-data-file';
import { readJsonFile } from '@/lib/server/fs/read-json-file';
import type { FileRead } from '../pi/file-index';
import { parseJsonl, type JsonlRecord } from '../pi/jsonl';
import type { ReadIssue } from '../read-result';
import { projectRootFile, type ChatFileRef } from './gemini-files';
import { foldChat } from './gemini-records';
import { mapGeminiChat } from './gemini-session';

/** A working directory is one line of a path; anything longer is not one. */
const PROJECT_ROOT_MAX = 16 * 1024;

/** Versions before `projects.json` named a project's folder by the sha256 of its working directory. */
export function isHashFolder(project: string): boolean {
  return /^[0-9a-f]{64}$/.test(project);
}

/**
 * The working directory of a project folder: `tmp/<project>/.project_root`, else the folder that
 * `projects.json` maps to it (by name, or by the hash an older version named it by), else the
 * folder's name.
 */
export async function projectDirectory(root: string, tmp: string, project: string): Promise<string> {
  const own = await readDataFile(projectRootFile(tmp, project), { root, maxBytes: PROJECT_ROOT_MAX });
  const text = own.ok ? own.bytes.toString('utf8').trim() : '';
  if (text && path.isAbsolute(text) && !text.includes('\n')) return text;
  const projects = await readJsonFile(path.join(root, 'projects.json'), root);
  const map = projects.ok && 'value' in projects ? (projects.value as { projects?: unknown } | null)?.projects : undefined;
  if (map && typeof map === 'object') {
    for (const [dir, name] of Object.entries(map)) {
      if (!path.isAbsolute(dir)) continue;
      if (name === project || (isHashFolder(project) && createHash('sha256').update(dir).digest('hex') === project)) return dir;
    }
  }
  return project;
}

/**
 * A chat of the versions before JSONL: one document `{sessionId, startTime, lastUpdated, messages,
 * summary}`, read as the header, its messages and a `$set` of its summary would be.
 */
function legacyRecords(bytes: Buffer): { records: JsonlRecord[]; bad: { line: number; reason: string }[] } {
  const text = bytes.toString('utf8');
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    // Half-written (the CLI rewrites the whole file) or not JSON: never the parser's message.
    return { records: [], bad: text.trim() ? [{ line: 1, reason: 'invalid JSON' }] : [] };
  }
  if (parsedNestsDeeperThan(text, doc)) return { records: [], bad: [{ line: 1, reason: TOO_DEEP_REASON }] };
  const o = doc && typeof doc === 'object' && !Array.isArray(doc) ? (doc as Record<string, unknown>) : {};
  const { messages, summary, ...header } = o;
  const record = (value: unknown): JsonlRecord => ({ line: 1, value, size: 0 });
  return {
    records: [record({ kind: 'main', ...header }), ...(Array.isArray(messages) ? messages.map(record) : []), ...(typeof summary === 'string' ? [record({ $set: { summary } })] : [])],
    bad: [],
  };
}

/** Reads one chat file, read-only. Never throws; bad lines are issues. */
export async function readGeminiFile(ref: ChatFileRef, root: string, tmp: string): Promise<FileRead> {
  const issue = (kind: ReadIssue['kind'], reason: string): ReadIssue => ({ source: 'gemini', path: ref.path, kind, reason, at: Date.now() });
  const read = await readDataFile(ref.path, { root, maxBytes: FILE_CAPS.transcript });
  if (!read.ok) return read.missing ? { state: 'missing', issues: [] } : { state: 'not-ready', issues: [issue('io', read.reason)] };
  const { records, bad } = ref.path.endsWith('.json') ? legacyRecords(read.bytes) : parseJsonl(read.bytes);
  const chat = foldChat(records);
  const issues = [...bad.map((b) => issue('parse', `line ${b.line}: ${b.reason}`)), ...chat.issues.map((i) => issue('schema', `line ${i.line}: ${i.reason}`))];
  const directory = await projectDirectory(root, tmp, ref.project);
  const mapped = mapGeminiChat(chat, { path: ref.path, directory, mtime: read.mtimeMs, ...(ref.parentID ? { parentID: ref.parentID } : {}) });
  if (!mapped && records.length > 0) issues.push(issue('schema', 'no session header: not a Gemini CLI chat'));
  // No prompt or reply yet is no session (the CLI lists none either). Every start writes a header
  // into a file named by its minute before it knows it resumes; a resume in a later minute than
  // the session began leaves that file, with the resumed session's id, beside the one it appends
  // to: taken as the session, it would stand for it (its name as the title) or take it away when
  // the CLI deletes the file.
  if (mapped?.messages.length === 0) return { state: 'not-ready', issues };
  return mapped ? { state: 'ok', mapped, issues } : { state: 'not-ready', issues };
}
