import Database from 'better-sqlite3';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** New ids for copies: same length and shape as OpenCode's, marked so they can be removed again. */
const renamed = (id: string): string => `${id.slice(0, 4)}zz${id.slice(6)}`;

/**
 * Adds 1% new sessions (copies of existing ones, with their messages, under new ids) to a corpus
 * format, and returns how to take them out again. Parts are not copied: the figures are message-level.
 */
export function addOnePercent(format: 'json' | 'sqlite', dir: string, sessions: number): () => void {
  const count = Math.max(1, Math.round(sessions / 100));
  return format === 'sqlite' ? addToDatabase(path.join(dir, 'opencode.db'), count) : addToTree(path.join(dir, 'storage'), count);
}

function addToDatabase(file: string, count: number): () => void {
  const db = new Database(file);
  db.function('renamed', renamed);
  db.transaction(() => {
    db.exec(`CREATE TEMP TABLE s AS SELECT * FROM session WHERE parent_id IS NULL ORDER BY rowid LIMIT ${count}`);
    db.exec('CREATE TEMP TABLE m AS SELECT * FROM message WHERE session_id IN (SELECT id FROM s)');
    db.exec('UPDATE s SET id = renamed(id)');
    db.exec('UPDATE m SET id = renamed(id), session_id = renamed(session_id)');
    db.exec('INSERT INTO session SELECT * FROM s');
    db.exec('INSERT INTO message SELECT * FROM m');
  })();
  const ids = db.prepare('SELECT id FROM temp.s').pluck().all() as string[];
  db.close();
  return () => {
    const w = new Database(file);
    w.transaction(() => {
      for (const id of ids) {
        w.prepare('DELETE FROM message WHERE session_id = ?').run(id);
        w.prepare('DELETE FROM session WHERE id = ?').run(id);
      }
    })();
    w.close();
  };
}

function addToTree(storage: string, count: number): () => void {
  const made: string[] = [];
  const sessionRoot = path.join(storage, 'session');
  outer: for (const project of readdirSync(sessionRoot)) {
    for (const name of readdirSync(path.join(sessionRoot, project))) {
      if (made.length >= count * 2) break outer;
      const session = JSON.parse(readFileSync(path.join(sessionRoot, project, name), 'utf8')) as { id: string; parentID?: string };
      if (session.parentID || session.id.startsWith('ses_') === false) continue;
      const newID = renamed(session.id);
      const target = path.join(sessionRoot, project, `${newID}.json`);
      writeFileSync(target, JSON.stringify({ ...session, id: newID }, null, 2));
      const from = path.join(storage, 'message', session.id);
      const to = path.join(storage, 'message', newID);
      mkdirSync(to, { recursive: true });
      for (const file of readdirSync(from)) {
        const message = JSON.parse(readFileSync(path.join(from, file), 'utf8')) as { id: string };
        writeFileSync(path.join(to, `${renamed(message.id)}.json`), JSON.stringify({ ...message, id: renamed(message.id), sessionID: newID }, null, 2));
      }
      made.push(target, to);
    }
  }
  return () => {
    for (const p of made) rmSync(p, { recursive: true, force: true });
  };
}
