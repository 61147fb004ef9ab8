// One start of a store over a single file reader (Claude Code, pi, Codex, Gemini) on a session
// database file, and what a user sees of it: the database's rows, the sessions, projects and newest
// parts in memory, and the skipped records.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { openSqliteSessionDb } from '@/lib/server/db/sqlite/open-sqlite-session-db';
import type { SourceReader } from '@/lib/server/readers/read-result';
import { Store } from '@/lib/server/store/store';
import { databaseRows } from './session-db-store';

const sorted = (values: readonly unknown[]) => values.map((v) => JSON.stringify(v)).sort();

/** Everything a user sees of a source after a start, in a stable order (an issue's first-seen time aside). */
export function storeAnswers(store: Store) {
  const index = store.indexes[0]!;
  const rows = databaseRows(store);
  return {
    sessions: sorted([...index.sessions.values()]),
    projects: sorted([...index.projects.values()]),
    messages: rows.messages,
    parts: rows.parts,
    newestParts: sorted([...index.partsByMessage.values()].flatMap((parts) => [...parts.values()])),
    issues: sorted([...index.issues.values()].map(({ at: _at, ...rest }) => rest)),
  };
}

export type StoreAnswers = ReturnType<typeof storeAnswers>;

/**
 * One start: a store on the session database file (none: a cold start on a database in memory)
 * reads the source made by `make`; what `see` makes of it is kept, and the store is stopped.
 */
export async function startOnce<R extends SourceReader, A>(dbFile: string | undefined, make: () => R, see: (store: Store, reader: R) => A): Promise<A> {
  const reader = make();
  const store = new Store([{ reader, priority: 0 }], { sessionDb: openSqliteSessionDb(dbFile ?? null) });
  try {
    await store.start();
    return see(store, reader);
  } finally {
    store.stop();
  }
}

/** The session database gone (a user cleared the cache). */
export function removeDatabase(dbFile: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${dbFile}${suffix}`, { force: true });
}

const copies: string[] = [];
afterAll(() => {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of a fixture's data folder, and where a session database beside it goes (removed after the file's tests). */
export function tempCopy(from: string): { root: string; indexFile: string } {
  const base = mkdtempSync(path.join(tmpdir(), 'sessionscope-file-restart-'));
  copies.push(base);
  const root = path.join(base, 'data');
  cpSync(from, root, { recursive: true });
  return { root, indexFile: path.join(base, 'sessions.db') };
}
