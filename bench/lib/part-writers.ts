import Database from 'better-sqlite3';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { IdMaker } from '../../scripts/corpus/ids';
import { Random } from '../../scripts/corpus/random';

/** Writes one part the way OpenCode does; returns the session it belongs to and the path that changed. */
export interface PartWriter {
  readonly kind: 'json' | 'sqlite';
  /** Opens an assistant message in each target session (one change per session). */
  begin(): { sessionID: string; path: string }[];
  /** A new part in an existing message of a target session: used to learn when the watcher is live. */
  probe(): { sessionID: string; path: string };
  write(i: number): { sessionID: string; path: string; what: 'insert' | 'update' };
  close(): void;
}

const TARGETS = 4;

function textPart(text: string, now: number): Record<string, unknown> {
  return { type: 'text', text, time: { start: now } };
}

function assistantMessage(parentID: string, now: number): Record<string, unknown> {
  return {
    role: 'assistant', time: { created: now }, parentID, modelID: 'claude-sonnet-4-5', providerID: 'anthropic', mode: 'build', agent: 'build',
    path: { cwd: '/home/dev/src/api-server', root: '/home/dev/src/api-server' }, cost: 0, tokens: { input: 0, output: 0, reasoning: 0, cache: { read: 0, write: 0 } },
  };
}

/** JSON tree: a new part file per write, in place (plain writeFile, as OpenCode does). */
export function jsonPartWriter(opencodeDir: string, seed = 7): PartWriter {
  const storage = path.join(opencodeDir, 'storage');
  const ids = new IdMaker(new Random(seed));
  const sessions = readdirSync(path.join(storage, 'message')).sort().slice(0, TARGETS);
  const messages = new Map<string, string>();
  return {
    kind: 'json',
    begin() {
      return sessions.map((sessionID) => {
        const now = Date.now();
        const id = ids.ascending('msg', now);
        messages.set(sessionID, id);
        const file = path.join(storage, 'message', sessionID, `${id}.json`);
        writeFileSync(file, JSON.stringify({ id, sessionID, ...assistantMessage('msg_bench', now) }, null, 2));
        mkdirSync(path.join(storage, 'part', id), { recursive: true });
        return { sessionID, path: file };
      });
    },
    probe() {
      const sessionID = sessions[0] as string;
      const messageID = messages.get(sessionID) ?? (readdirSync(path.join(storage, 'message', sessionID)).sort().at(-1) as string).slice(0, -'.json'.length);
      const now = Date.now();
      const id = ids.ascending('prt', now);
      const file = path.join(storage, 'part', messageID, `${id}.json`);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify({ id, sessionID, messageID, ...textPart('bench probe', now) }, null, 2));
      return { sessionID, path: file };
    },
    write(i) {
      const sessionID = sessions[i % sessions.length] as string;
      const messageID = messages.get(sessionID) as string;
      const now = Date.now();
      const id = ids.ascending('prt', now);
      const file = path.join(storage, 'part', messageID, `${id}.json`);
      writeFileSync(file, JSON.stringify({ id, sessionID, messageID, ...textPart(`bench write ${i}: `.padEnd(400, 'x'), now) }, null, 2));
      return { sessionID, path: file, what: 'insert' };
    },
    close() {},
  };
}

/**
 * SQLite: a separate read-write connection in WAL mode, like OpenCode's; every fourth write updates
 * the previous part in place (a tool call finishing), the others insert a part row.
 */
export function sqlitePartWriter(opencodeDir: string, seed = 7): PartWriter {
  const file = path.join(opencodeDir, 'opencode.db');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  const ids = new IdMaker(new Random(seed));
  const sessions = (db.prepare('SELECT id FROM session ORDER BY time_updated DESC LIMIT ?').pluck().all(TARGETS) as string[]).sort();
  const insertMessage = db.prepare('INSERT INTO message (id, session_id, time_created, time_updated, data) VALUES (?, ?, ?, ?, ?)');
  const insertPart = db.prepare('INSERT INTO part (id, message_id, session_id, time_created, time_updated, data) VALUES (?, ?, ?, ?, ?, ?)');
  const updatePart = db.prepare('UPDATE part SET data = ?, time_updated = ? WHERE id = ?');
  const messages = new Map<string, string>();
  const lastPart = new Map<string, string>();
  const lastMessage = db.prepare('SELECT id FROM message WHERE session_id = ? ORDER BY time_created DESC LIMIT 1').pluck();
  return {
    kind: 'sqlite',
    begin() {
      return sessions.map((sessionID) => {
        const now = Date.now();
        const id = ids.ascending('msg', now);
        messages.set(sessionID, id);
        insertMessage.run(id, sessionID, now, now, JSON.stringify(assistantMessage('msg_bench', now)));
        return { sessionID, path: `${file}-wal` };
      });
    },
    probe() {
      const sessionID = sessions[0] as string;
      const now = Date.now();
      insertPart.run(ids.ascending('prt', now), lastMessage.get(sessionID), sessionID, now, now, JSON.stringify(textPart('bench probe', now)));
      return { sessionID, path: `${file}-wal` };
    },
    write(i) {
      const sessionID = sessions[i % sessions.length] as string;
      const messageID = messages.get(sessionID) as string;
      const now = Date.now();
      const previous = lastPart.get(sessionID);
      if (i % 4 === 3 && previous) {
        updatePart.run(JSON.stringify(textPart(`bench update ${i}: `.padEnd(400, 'y'), now)), now, previous);
        return { sessionID, path: `${file}-wal`, what: 'update' };
      }
      const id = ids.ascending('prt', now);
      insertPart.run(id, messageID, sessionID, now, now, JSON.stringify(textPart(`bench write ${i}: `.padEnd(400, 'x'), now)));
      lastPart.set(sessionID, id);
      return { sessionID, path: `${file}-wal`, what: 'insert' };
    },
    close() {
      db.close();
    },
  };
}

export function partWriter(kind: 'json' | 'sqlite', opencodeDir: string): PartWriter {
  return kind === 'json' ? jsonPartWriter(opencodeDir) : sqlitePartWriter(opencodeDir);
}
