import 'server-only';
import type { PartMeta } from '@/lib/model/part-meta';
import type { Project } from '@/lib/model/project';
import type { SessionInfo } from '@/lib/model/session';
import { tailMessageIds } from '@/lib/model/tail-messages';
import type { CachedFileRead } from './file-summary-cache';
import type { ReadIssue } from './read-result';

/**
 * What the session database keeps of one session file beside its records (source_file.head): what
 * a restart hands the store for a file it does not read again. Its messages and tool calls are in
 * the database's own tables; the newest messages' parts are here, as the store keeps them in
 * memory (statuses).
 */
export interface FileHead {
  session?: SessionInfo;
  project?: Project;
  /** Part metadata of the session's newest messages. */
  parts: PartMeta[];
  /** The issues the file's read had (the diagnostics page lists them after a restart as after a cold read). */
  issues: ReadIssue[];
  /** Where the file's next read may start, as its reader wrote it (FileSessionReader.resumeOf): checked by that reader. */
  resume?: string;
}

/** The head of a file's read, as JSON. */
export function headOf(read: CachedFileRead, resume?: string): string {
  const summary = read.summary;
  const more = resume === undefined ? {} : { resume };
  if (!summary) return JSON.stringify({ parts: [], issues: read.issues, ...more } satisfies FileHead);
  const tail = tailMessageIds(summary.messages);
  const head: FileHead = { session: summary.session, project: summary.project, parts: summary.parts.filter((p) => tail.has(p.messageID)), issues: read.issues, ...more };
  return JSON.stringify(head);
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * A head as the database stored it, checked cheaply (our own output, in our own 0700 cache; no zod):
 * undefined sends the file back to be read.
 */
export function decodeFileHead(json: string): FileHead | undefined {
  try {
    const head = JSON.parse(json) as Partial<FileHead> | null;
    if (!isObject(head) || !Array.isArray(head.parts) || !Array.isArray(head.issues)) return undefined;
    if (!head.issues.every((i) => isObject(i) && isString(i.path) && isString(i.reason) && isString(i.kind) && typeof i.at === 'number')) return undefined;
    if (!head.parts.every((p) => isObject(p) && isString(p.id) && isString(p.messageID) && isString(p.sessionID) && isString(p.type))) return undefined;
    const more = isString(head.resume) ? { resume: head.resume } : {};
    if (head.session === undefined) return { parts: [], issues: head.issues, ...more };
    const { session, project } = head;
    if (!isObject(session) || !isString(session.id) || typeof session.time?.created !== 'number' || !isObject(project) || !isString(project.id)) return undefined;
    return { session, project, parts: head.parts, issues: head.issues, ...more };
  } catch {
    return undefined;
  }
}
