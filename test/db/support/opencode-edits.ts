// What the session database's restart tests write into an OpenCode database: usage, tool calls,
// and the edits a property draws (between runs, or while the dashboard runs).
import { utimesSync } from 'node:fs';
import type Database from 'better-sqlite3';
import fc from 'fast-check';
import { upsertPart } from '../../support/sqlite-builder';

export const usage = (cost: number, input: number) => ({ role: 'assistant', providerID: 'anthropic', modelID: 'claude-sonnet-4-5', cost, tokens: { input, output: 3, reasoning: 0, cache: { read: 0, write: 0 } } });
export const toolCall = (tool: string, status: string) => ({ type: 'tool', callID: 'call', tool, state: { status, input: {}, time: { start: 1_780_000_002_000, end: 1_780_000_003_000 } } });

/** Written long enough ago that a file's time tells every rewrite (see RACY_MS). */
export function settle(file: string): void {
  const past = new Date(Date.now() - 60_000);
  for (const f of [file, `${file}-wal`]) {
    try {
      utimesSync(f, past, past);
    } catch {
      // no log file
    }
  }
}

export type Edit =
  | { kind: 'add'; s: number; m: number; cost: number }
  | { kind: 'delete-message'; s: number; m: number }
  | { kind: 'delete-session'; s: number }
  | { kind: 'retitle'; s: number }
  | { kind: 'call'; s: number; m: number; p: number; failed: boolean }
  | { kind: 'delete-part'; s: number; m: number; p: number };

export const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), s: fc.nat(4), m: fc.nat(6), cost: fc.nat(1000) }),
  fc.record({ kind: fc.constant('delete-message' as const), s: fc.nat(4), m: fc.nat(6) }),
  fc.record({ kind: fc.constant('delete-session' as const), s: fc.nat(4) }),
  fc.record({ kind: fc.constant('retitle' as const), s: fc.nat(4) }),
  fc.record({ kind: fc.constant('call' as const), s: fc.nat(4), m: fc.nat(6), p: fc.nat(2), failed: fc.boolean() }),
  fc.record({ kind: fc.constant('delete-part' as const), s: fc.nat(4), m: fc.nat(6), p: fc.nat(2) }),
);

/**
 * One edit as OpenCode makes it; returns the clock after it. A message is written again as OpenCode
 * upserts it (same row: odd costs) or replaced (a new row: even ones).
 */
export function applyEdit(db: Database.Database, op: Edit, at: number): number {
  let clock = at;
  const s = `ses_${op.s}`;
  // OpenCode stamps the session with every change it makes to it (a revert, a new turn).
  const touch = () => db.prepare('UPDATE session SET time_updated = ? WHERE id = ?').run(++clock, s);
  if (op.kind === 'add') {
    db.prepare('INSERT OR IGNORE INTO session (id, project_id, slug, directory, title, version, time_created, time_updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(s, 'proj1', 'slug', '/work/proj1', `Session ${s}`, '1.2.27', 1, ++clock);
    const id = `msg_${op.s}_${op.m}`;
    const data = JSON.stringify({ time: { created: 5 }, ...usage(op.cost / 100, op.cost) });
    const kept = op.cost % 2 === 1 && db.prepare('UPDATE message SET data = ?, time_updated = ? WHERE id = ? AND session_id = ?').run(data, ++clock, id, s).changes > 0;
    if (!kept) db.prepare('INSERT OR REPLACE INTO message (id, session_id, time_created, time_updated, data) VALUES (?, ?, ?, ?, ?)').run(id, s, 5, ++clock, data);
    touch();
  } else if (op.kind === 'call') {
    const message = `msg_${op.s}_${op.m}`;
    if (db.prepare('SELECT 1 FROM message WHERE id = ?').get(message)) {
      upsertPart(db, s, message, `prt_${op.s}_${op.m}_${op.p}`, toolCall(op.p === 1 ? 'read' : 'bash', op.failed ? 'error' : 'completed'), ++clock);
      touch();
    }
  } else if (op.kind === 'delete-part') {
    db.prepare('DELETE FROM part WHERE id = ?').run(`prt_${op.s}_${op.m}_${op.p}`);
    touch();
  } else if (op.kind === 'delete-message') {
    db.prepare('DELETE FROM part WHERE message_id = ?').run(`msg_${op.s}_${op.m}`);
    db.prepare('DELETE FROM message WHERE id = ?').run(`msg_${op.s}_${op.m}`);
    touch();
  } else if (op.kind === 'delete-session') {
    db.prepare('DELETE FROM part WHERE session_id = ?').run(s);
    db.prepare('DELETE FROM message WHERE session_id = ?').run(s);
    db.prepare('DELETE FROM session WHERE id = ?').run(s);
  } else db.prepare('UPDATE session SET title = title || ?, time_updated = ? WHERE id = ?').run('!', ++clock, s);
  return clock;
}
