import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CorpusSink, Json } from './records';

const SCHEMA = path.join(path.dirname(fileURLToPath(import.meta.url)), 'opencode-1.18.33-schema.sql');

function without(record: Json, keys: readonly string[]): string {
  const copy: Json = { ...record };
  for (const key of keys) delete copy[key];
  return JSON.stringify(copy);
}

const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/**
 * OpenCode's database with its real 1.18.33 schema and indexes. Loaded in one transaction with
 * prepared statements and no journal, then switched to WAL (as OpenCode leaves it) and closed.
 */
export function sqliteSink(file: string): CorpusSink {
  const db = new Database(file);
  db.pragma('journal_mode = OFF');
  // Sessions are written when they end (final times and totals), after their messages.
  db.pragma('foreign_keys = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  db.exec(readFileSync(SCHEMA, 'utf8'));
  const insertProject = db.prepare('INSERT INTO project (id, worktree, vcs, name, time_created, time_updated, sandboxes) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const insertSession = db.prepare(`INSERT INTO session (id, project_id, parent_id, slug, directory, title, version, share_url,
    summary_additions, summary_deletions, summary_files, cost, tokens_input, tokens_output, tokens_reasoning, tokens_cache_read,
    tokens_cache_write, agent, model, time_created, time_updated, time_archived) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertMessage = db.prepare('INSERT INTO message (id, session_id, time_created, time_updated, data) VALUES (?, ?, ?, ?, ?)');
  const insertPart = db.prepare('INSERT INTO part (id, message_id, session_id, time_created, time_updated, data) VALUES (?, ?, ?, ?, ?, ?)');
  const insertTodo = db.prepare('INSERT INTO todo (session_id, content, status, priority, position, time_created, time_updated) VALUES (?, ?, ?, ?, ?, ?, ?)');
  db.exec('BEGIN');
  return {
    project(p) {
      const time = p.time as Json;
      insertProject.run(p.id, p.worktree, p.vcs ?? null, null, time.created, time.updated, '[]');
    },
    session(s, totals) {
      const time = s.time as Json;
      const summary = s.summary as Json | undefined;
      const share = s.share as Json | undefined;
      const t = totals.tokens;
      insertSession.run(
        s.id, s.projectID, s.parentID ?? null, s.slug, s.directory, s.title, '1.18.33', share?.url ?? null,
        num(summary?.additions), num(summary?.deletions), num(summary?.files), totals.cost, t.input, t.output, t.reasoning, t.cacheRead,
        t.cacheWrite, totals.agent, JSON.stringify(totals.model), time.created, time.updated, num(time.archived),
      );
    },
    message(m) {
      const time = m.time as Json;
      insertMessage.run(m.id, m.sessionID, time.created, num(time.completed) ?? time.created, without(m, ['id', 'sessionID']));
    },
    part(p, created, updated) {
      insertPart.run(p.id, p.messageID, p.sessionID, created, updated, without(p, ['id', 'sessionID', 'messageID']));
    },
    todos(sessionID, todos, at) {
      todos.forEach((todo, i) => insertTodo.run(sessionID, todo.content, todo.status, todo.priority, i, at, at));
    },
    close() {
      db.exec('COMMIT');
      db.pragma('journal_mode = WAL');
      db.close();
    },
  };
}
