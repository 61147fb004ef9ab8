import 'server-only';
import path from 'node:path';
import type { Part } from '@/lib/model/part';
import type { Todo } from '@/lib/model/todo';
import type { ReadIssue, SessionContent } from '../../read-result';
import { readTreeDiffs } from '../json/json-tree-content';
import type { Queries, Row } from './sqlite-queries';
import { partFromRow } from './sqlite-rows';

/** Every part of one session with its todos; per-file diffs stay in `storage/session_diff/` (JSON). */
export async function loadSqliteContent(q: Queries, dbPath: string, dataDir: string, sessionID: string): Promise<SessionContent> {
  const issues: ReadIssue[] = [];
  const parts: Part[] = [];
  for (const row of q.fullPartsOfSession.all(sessionID) as Row[]) {
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
  const todos: Todo[] = ((q.todos?.all(sessionID) ?? []) as Row[]).map((row) => ({
    content: String(row.content ?? ''),
    status: String(row.status ?? 'pending'),
    priority: typeof row.priority === 'string' ? row.priority : undefined,
  }));
  const diffs = await readTreeDiffs(path.join(dataDir, 'storage'), sessionID, issues);
  return { parts, todos, diffs, issues };
}
