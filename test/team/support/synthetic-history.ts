import type { MessageInfo } from '@/lib/model/message';
import type { SessionInfo } from '@/lib/model/session';
import { SessionDbWriter } from '@/lib/server/db/ingest/session-db-writer';
import { openSqliteSessionDb } from '@/lib/server/db/sqlite/open-sqlite-session-db';
import type { SqliteSessionDb } from '@/lib/server/db/sqlite/sqlite-session-db';
import { emptyChangeSet } from '@/lib/server/readers/read-result';

const BASE = 1_767_225_600_000; // 2026-01-01

export const session = (i: number, prefix = 's'): SessionInfo => ({ id: `${prefix}${i}`, source: 'claude', projectID: 'p', directory: '/w/p', title: `Session ${prefix}${i}`, time: { created: BASE + i, updated: BASE + i * 60_000 }, origin: 'test' });
export const message = (s: number, j: number, cost = 0.01 * (j + 1), prefix = 's'): MessageInfo => ({ id: `m${prefix}${s}-${j}`, sessionID: `${prefix}${s}`, role: 'assistant', time: { created: BASE + s * 3_600_000 + j * 60_000 }, providerID: 'anthropic', modelID: 'claude-sonnet-4-5', cost, tokens: { input: 1000 + j, output: 100, reasoning: 0, cacheRead: 500, cacheWrite: 0 } });

export interface LocalHistory {
  db: SqliteSessionDb;
  writer: SessionDbWriter;
  sourceId: number;
}

/** A machine's session database holding `sessions` sessions of `messages` assistant messages each. */
export function localHistory(sessions: number, messages = 5, prefix = 's', costOf = (j: number) => 0.01 * (j + 1)): LocalHistory {
  const db = openSqliteSessionDb(null)!;
  const writer = new SessionDbWriter(db);
  const sourceId = writer.sourceId('claude', '/home/someone/.claude/projects', 0);
  const all = Array.from({ length: sessions }, (_, i) => session(i, prefix));
  writer.apply(sourceId, { ...emptyChangeSet(), sessions: all, messages: all.flatMap((_, i) => Array.from({ length: messages }, (_, j) => message(i, j, costOf(j), prefix))) });
  return { db, writer, sourceId };
}
