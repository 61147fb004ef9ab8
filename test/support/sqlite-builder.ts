import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The oldest (1.2-era) shape of OpenCode's tables; `extraSessionColumns` adds newer ones. */
export function createOpencodeDb(options: { dropSessionColumns?: string[]; wal?: boolean } = {}): { dataDir: string; dbPath: string; db: Database.Database } {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-db-'));
  const dbPath = path.join(dataDir, 'opencode.db');
  const db = new Database(dbPath);
  if (options.wal !== false) db.pragma('journal_mode = WAL');
  const sessionColumns = [
    'id text PRIMARY KEY', 'project_id text NOT NULL', 'parent_id text', 'slug text', 'directory text NOT NULL', 'title text NOT NULL',
    'version text', 'share_url text', 'summary_additions integer', 'summary_deletions integer', 'summary_files integer', 'summary_diffs text',
    'revert text', 'permission text', 'time_created integer NOT NULL', 'time_updated integer NOT NULL', 'time_compacting integer', 'time_archived integer',
  ].filter((col) => !(options.dropSessionColumns ?? []).includes(col.split(' ')[0] ?? ''));
  db.exec(`
    CREATE TABLE project (id text PRIMARY KEY, worktree text NOT NULL, vcs text, name text, time_created integer NOT NULL, time_updated integer NOT NULL);
    CREATE TABLE session (${sessionColumns.join(', ')});
    CREATE TABLE message (id text PRIMARY KEY, session_id text NOT NULL, time_created integer NOT NULL, time_updated integer NOT NULL, data text NOT NULL);
    CREATE INDEX message_session_idx ON message (session_id);
    CREATE TABLE part (id text PRIMARY KEY, message_id text NOT NULL, session_id text NOT NULL, time_created integer NOT NULL, time_updated integer NOT NULL, data text NOT NULL);
    CREATE INDEX part_message_idx ON part (message_id);
    CREATE INDEX part_session_idx ON part (session_id);
  `);
  return { dataDir, dbPath, db };
}

export function insertSession(db: Database.Database, id: string, extra: { parentID?: string; created?: number; title?: string } = {}): void {
  const created = extra.created ?? 1_780_000_000_000;
  db.prepare('INSERT OR IGNORE INTO project (id, worktree, time_created, time_updated) VALUES (?, ?, ?, ?)').run('proj1', '/work/proj1', created, created);
  db.prepare('INSERT INTO session (id, project_id, parent_id, slug, directory, title, version, time_created, time_updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
    .run(id, 'proj1', extra.parentID ?? null, 'slug', '/work/proj1', extra.title ?? `Session ${id}`, '1.2.27', created, created);
}

export function insertMessage(db: Database.Database, sessionID: string, id: string, data: Record<string, unknown>, created = 1_780_000_001_000): void {
  db.prepare('INSERT INTO message (id, session_id, time_created, time_updated, data) VALUES (?, ?, ?, ?, ?)').run(id, sessionID, created, created, JSON.stringify({ time: { created }, ...data }));
}

export function upsertPart(db: Database.Database, sessionID: string, messageID: string, id: string, data: Record<string, unknown>, at = Date.now()): void {
  db.prepare('INSERT INTO part (id, message_id, session_id, time_created, time_updated, data) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET data = excluded.data, time_updated = excluded.time_updated')
    .run(id, messageID, sessionID, at, at, JSON.stringify(data));
}
