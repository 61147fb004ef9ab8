import 'server-only';
import path from 'node:path';
import type { Part } from '@/lib/model/part';
import type { Todo } from '@/lib/model/todo';
import { partMetaOf } from '@/lib/model/part-meta';
import type { ContentRequest, ReadIssue, SessionContent, StepIndexRead } from '../../read-result';
import { readTreeDiffs } from '../json/json-tree-content';
import type { Queries, Row } from './sqlite-queries';
import { partFromRow } from './sqlite-rows';

/** Parts of full part rows (time from the row where the part has none); rows that do not read become issues. */
export function partsOfRows(rows: readonly Row[], dbPath: string, issues: ReadIssue[]): Part[] {
  const parts: Part[] = [];
  for (const row of rows) {
    const part = partFromRow(row);
    if (part.ok) {
      if (part.value.time?.start === undefined && typeof row.time_created === 'number') {
        part.value.time = { ...part.value.time, start: row.time_created };
      }
      parts.push(part.value);
    } else {
      issues.push({ source: 'opencode-sqlite', path: `${dbPath}#part/${String(row.id)}`, kind: 'schema', reason: part.reason, at: Date.now() });
    }
  }
  return parts;
}

/** A session's parts (or some messages' parts) with its todos; per-file diffs stay in `storage/session_diff/` (JSON). */
export async function loadSqliteContent(q: Queries, dbPath: string, dataDir: string, sessionID: string, request: ContentRequest = {}): Promise<SessionContent> {
  const issues: ReadIssue[] = [];
  const rows = request.messageIDs
    ? request.messageIDs.flatMap((messageID) => (q.fullPartsOfMessage.all(messageID) as Row[]).filter((row) => row.session_id === sessionID))
    : (q.fullPartsOfSession.all(sessionID) as Row[]);
  const parts = partsOfRows(rows, dbPath, issues);
  if (request.extras === false) return { parts, todos: [], diffs: [], issues };
  const todos: Todo[] = ((q.todos?.all(sessionID) ?? []) as Row[]).map((row) => ({
    content: String(row.content ?? ''),
    status: String(row.status ?? 'pending'),
    priority: typeof row.priority === 'string' ? row.priority : undefined,
  }));
  const diffs = await readTreeDiffs(path.join(dataDir, 'storage'), sessionID, issues);
  return { parts, todos, diffs, issues };
}

/** A session's part ids and step-finish parts: SQLite picks the steps out, no other body is transferred. */
export function loadSqliteStepIndex(q: Queries, dbPath: string, sessionID: string): StepIndexRead {
  const issues: ReadIssue[] = [];
  const steps = partsOfRows(q.stepPartsOfSession.all({ sid: sessionID }) as Row[], dbPath, issues).filter((p) => p.type === 'step-finish');
  return { messageIDs: q.sessionMessageIds.all(sessionID) as string[], partIDs: q.partIdsOfSession.all({ sid: sessionID }) as string[], steps: steps.map((p) => partMetaOf(p, p.time?.start)), issues };
}
