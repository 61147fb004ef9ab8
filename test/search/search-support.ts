import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import type { BuildMode } from '@/lib/server/search/build-runner';
import { SearchService, type SearchRequest } from '@/lib/server/search/search-service';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import { insertMessage, upsertPart } from '../support/sqlite-builder';

export const newCacheDir = (): string => mkdtempSync(path.join(os.tmpdir(), 'sessionscope-cache-'));

/** A store on an OpenCode database with its search service, both caught up. */
export function openSearch(dataDir: string, dbPath: string, cacheDir: string, build?: BuildMode): Promise<{ store: Store; search: SearchService; close(): void }> {
  return openSearchOn({ opencodeDir: dataDir, databases: [dbPath] }, cacheDir, build);
}

/** A store on these sources with its search service, both caught up. */
export async function openSearchOn(locations: Parameters<typeof createReaders>[0], cacheDir: string, build?: BuildMode): Promise<{ store: Store; search: SearchService; close(): void }> {
  const store = new Store(createReaders(locations));
  const search = new SearchService(store, store.start(), cacheDir, build);
  await search.idle();
  return {
    store,
    search,
    close() {
      search.close();
      store.stop();
    },
  };
}

export const ask = (search: SearchService, q: string, extra: Partial<SearchRequest> = {}) =>
  search.search({ q, filters: {}, limit: 50, offset: 0, order: 'rank', ...extra });

/** What the index holds, in a fixed order (two indexes of the same data dump the same): documents and the words indexed for each. */
export function dump(search: SearchService): unknown {
  const db = (search as unknown as { db: Database.Database }).db;
  db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.fts_words USING fts5vocab(main, 'fts', 'instance')");
  return {
    sessions: db.prepare('SELECT id, source, project, title FROM sessions ORDER BY id').all(),
    docs: db
      .prepare(
        `SELECT s.id AS session, m.id AS message, d.part, d.kind, m.role, m.agent, m.model, d.time,
          (SELECT group_concat(term || '@' || offset, ' ') FROM (SELECT term, offset FROM temp.fts_words w WHERE w.doc = d.id ORDER BY offset)) AS words
        FROM docs d JOIN sessions s ON s.n = d.session LEFT JOIN messages m ON m.n = d.message ORDER BY 1, 2, 3, 4, 9`,
      )
      .all(),
  };
}

/** A user prompt and an assistant reply with reasoning and a tool call, in one session. */
export function writeTurn(db: Database.Database, sessionID: string, n: number, words: { prompt: string; reply: string; tool?: string; output?: string }, at = 1_780_000_000_000 + n * 10_000): void {
  const user = `msg_${sessionID}_${n}u`;
  const assistant = `msg_${sessionID}_${n}a`;
  insertMessage(db, sessionID, user, { role: 'user', agent: 'build', time: { created: at } }, at);
  upsertPart(db, sessionID, user, `prt_${sessionID}_${n}u`, { type: 'text', text: words.prompt }, at);
  insertMessage(
    db,
    sessionID,
    assistant,
    { role: 'assistant', parentID: user, agent: 'build', modelID: 'claude-x', providerID: 'anthropic', cost: 0, tokens: { input: 1, output: 1, reasoning: 0, cache: { read: 0, write: 0 } }, time: { created: at + 1, completed: at + 2 } },
    at + 1,
  );
  upsertPart(db, sessionID, assistant, `prt_${sessionID}_${n}r`, { type: 'reasoning', text: `thinking about ${words.prompt}`, time: { start: at + 1, end: at + 1 } }, at + 1);
  upsertPart(db, sessionID, assistant, `prt_${sessionID}_${n}t`, { type: 'text', text: words.reply, time: { start: at + 1, end: at + 2 } }, at + 1);
  if (words.tool) {
    upsertPart(db, sessionID, assistant, `prt_${sessionID}_${n}x`, { type: 'tool', callID: 'c', tool: 'bash', state: { status: 'completed', input: { command: words.tool }, output: words.output ?? '', title: words.tool, time: { start: at + 1, end: at + 2 } } }, at + 1);
  }
}
