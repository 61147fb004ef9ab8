// OpenCode's database is opened anew whenever a program attaches to it or leaves it: OpenCode
// starting or stopping, ccusage or `opencode stats` reading it (as root, that also moves the file's
// ctime). The same file opened again is followed from where the reader was, not read whole: at
// 20,000 sessions a whole read gathered into one change set took the server to 2-3.5 GB.
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { SqliteReader } from '@/lib/server/readers/opencode/sqlite/sqlite-reader';
import type { ChangeSet } from '@/lib/server/readers/read-result';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import { createOpencodeDb, insertMessage, insertSession, upsertPart } from '../support/sqlite-builder';

const stores: Store[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.stop();
});

const T0 = 1_780_000_000_000;
const assistant = (cost: number, at: number) => ({ role: 'assistant', modelID: 'm', providerID: 'p', cost, tokens: { input: 10, output: 5, reasoning: 0, cache: { read: 0, write: 0 } }, time: { created: at, completed: at + 1 } });

/** A closed database of `n` sessions with three priced replies each (OpenCode not running). */
function history(n: number) {
  const made = createOpencodeDb();
  for (let s = 0; s < n; s++) {
    const at = T0 + s * 10_000;
    insertSession(made.db, `ses_${s}`, { created: at });
    for (let m = 0; m < 3; m++) {
      insertMessage(made.db, `ses_${s}`, `msg_${s}_${m}`, assistant(0.01 * (m + 1), at + m), at + m);
      upsertPart(made.db, `ses_${s}`, `msg_${s}_${m}`, `prt_${s}_${m}`, { type: 'text', text: `reply ${m}` }, at + m);
    }
  }
  made.db.close();
  return made;
}

async function follow(dataDir: string, dbPath: string) {
  const store = new Store(createReaders({ opencodeDir: dataDir, databases: [dbPath] }));
  stores.push(store);
  await store.start();
  const index = store.indexes.find((i) => i.reader.kind === 'opencode-sqlite');
  if (!index) throw new Error('no database reader');
  const handed: ChangeSet[] = [];
  store.onChange(({ changes }) => handed.push(changes));
  return { store, index, reader: index.reader as SqliteReader, handed, absorb: () => store.absorb(index, [dbPath, `${dbPath}-wal`]) };
}

/** What the overview and the sessions table show, per session. */
const figures = (store: Store) =>
  [...store.summaryMap().values()].map((s) => ({ id: s.id, messages: s.messageCount, cost: s.cost, tokens: s.tokens })).sort((a, b) => a.id.localeCompare(b.id));

async function coldFigures(dataDir: string, dbPath: string) {
  const cold = new Store(createReaders({ opencodeDir: dataDir, databases: [dbPath] }));
  stores.push(cold);
  await cold.start();
  return figures(cold);
}

describe('OpenCode database opened anew by another program', () => {
  it('reads again only the newest session when a reader attaches and leaves (as ccusage does), and shows the same figures', async () => {
    const { dataDir, dbPath } = history(40);
    const { store, reader, handed, absorb } = await follow(dataDir, dbPath);
    const before = figures(store);
    expect(before).toHaveLength(40);
    expect(reader.mode).toMatch(/^immutable/);
    // Another program opens the database the way SQLite does for a reader in WAL mode, and reads it.
    const other = new Database(dbPath);
    other.pragma('journal_mode = WAL');
    expect(other.prepare('SELECT count(*) FROM message').pluck().get()).toBe(120);
    await absorb();
    expect(reader.mode).toMatch(/^live/);
    other.close();
    await absorb();
    expect(handed.length).toBeGreaterThan(0);
    expect(handed.filter((c) => c.complete)).toEqual([]);
    // The follower looks again at the session written last (its clock margin), and at nothing older.
    expect(new Set(handed.flatMap((c) => c.messages.map((m) => m.sessionID)))).toEqual(new Set(['ses_39']));
    expect(figures(store)).toEqual(before);
  });

  it('follows what OpenCode writes across its start and stop: new turns, an undone turn, a deleted session, a retitled one', async () => {
    const { dataDir, dbPath } = history(12);
    const { store, reader, handed, absorb } = await follow(dataDir, dbPath);
    // OpenCode starts: it attaches, and writes before the dashboard looks again.
    const opencode = new Database(dbPath);
    opencode.pragma('journal_mode = WAL');
    const now = Date.now();
    const touch = (id: string) => opencode.prepare('UPDATE session SET time_updated = ? WHERE id = ?').run(now, id);
    insertSession(opencode, 'ses_new', { created: now });
    insertMessage(opencode, 'ses_new', 'msg_new_0', assistant(0.5, now), now);
    insertMessage(opencode, 'ses_3', 'msg_3_9', assistant(0.25, now), now);
    touch('ses_3');
    await absorb();
    expect(reader.mode).toMatch(/^live/);
    // While it runs: a turn undone, a session deleted.
    opencode.prepare('DELETE FROM part WHERE message_id = ?').run('msg_5_2');
    opencode.prepare('DELETE FROM message WHERE id = ?').run('msg_5_2');
    touch('ses_5');
    for (const table of ['part', 'message']) opencode.prepare(`DELETE FROM ${table} WHERE session_id = ?`).run('ses_7');
    opencode.prepare('DELETE FROM session WHERE id = ?').run('ses_7');
    await absorb();
    // Its last writes, then it stops (its log is folded into the file and removed).
    insertMessage(opencode, 'ses_new', 'msg_new_1', assistant(0.75, now + 5), now + 5);
    opencode.prepare('UPDATE session SET title = ?, time_updated = ? WHERE id = ?').run('Renamed', now + 5, 'ses_1');
    opencode.close();
    await absorb();
    expect(handed.filter((c) => c.complete)).toEqual([]);
    // Only the sessions written meanwhile were looked at again (and the one written last before), not the history.
    const written = new Set(['ses_new', 'ses_3', 'ses_5', 'ses_1', 'ses_11']);
    const looked = new Set(handed.flatMap((c) => c.messages.map((m) => m.sessionID)));
    expect([...looked].filter((id) => !written.has(id))).toEqual([]);
    expect(handed.flatMap((c) => c.messages.map((m) => m.id))).toEqual(expect.arrayContaining(['msg_new_0', 'msg_3_9', 'msg_new_1']));
    const cold = await coldFigures(dataDir, dbPath);
    expect(figures(store)).toEqual(cold);
    expect(cold.map((s) => s.id)).toContain('ses_new');
    expect(cold.map((s) => s.id)).not.toContain('ses_7');
    expect(cold.find((s) => s.id === 'ses_5')?.messages).toBe(2);
    expect(store.summaryMap().get('ses_1')?.title).toBe('Renamed');
  });

  it('reads a database replaced by another file whole (a restored copy): what the copy lacks goes', async () => {
    const { dataDir, dbPath } = history(6);
    const { store, handed, absorb } = await follow(dataDir, dbPath);
    const copy = createOpencodeDb();
    insertSession(copy.db, 'ses_0', { created: T0 });
    insertMessage(copy.db, 'ses_0', 'msg_0_0', assistant(0.01, T0), T0);
    copy.db.close();
    const { renameSync } = await import('node:fs');
    renameSync(copy.dbPath, dbPath);
    await absorb();
    expect(handed.some((c) => c.complete)).toBe(true);
    expect(figures(store)).toEqual(await coldFigures(dataDir, dbPath));
    expect(figures(store).map((s) => s.id)).toEqual(['ses_0']);
  });
});
