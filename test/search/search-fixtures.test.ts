import { cpSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { partDocuments } from '@/lib/search/session-documents';
import type { DocKind } from '@/lib/search/search-types';
import { partsOfRows } from '@/lib/server/readers/opencode/sqlite/sqlite-content';
import type { Row } from '@/lib/server/readers/opencode/sqlite/sqlite-queries';
import { createOpencodeDb, insertSession, upsertPart } from '../support/sqlite-builder';
import { ask, newCacheDir, openSearch, writeTurn } from './search-support';

const FIXTURES = path.resolve(import.meta.dirname, '..', 'fixtures');

/** A copy of a fixture's data folder (the fixture itself is never opened for writing). */
function copyFixture(name: string): { dataDir: string; dbPath: string } {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-search-fixture-'));
  cpSync(path.join(FIXTURES, name), dataDir, { recursive: true });
  return { dataDir, dbPath: path.join(dataDir, 'opencode.db') };
}

/** A word of a document that few others share (the longest plain word): what a person would search for. */
function telltaleWord(body: string): string | undefined {
  return body.match(/\b[a-z]{5,20}\b/gi)?.sort((a, b) => b.length - a.length)[0];
}

/** For each kind of document the reader makes of the fixture's parts, one part and a word of it. */
function samples(dbPath: string): Map<DocKind, { partID: string; word: string }> {
  const db = new Database(dbPath, { readonly: true });
  try {
    const rows = db.prepare('SELECT p.id, p.message_id, p.session_id, p.time_created, p.data, m.data AS message FROM part p JOIN message m ON m.id = p.message_id').all() as (Row & { message: string })[];
    const out = new Map<DocKind, { partID: string; word: string }>();
    for (const row of rows) {
      const role = (JSON.parse(row.message) as { role: 'user' | 'assistant' }).role;
      const docs: Parameters<typeof partDocuments>[2] = [];
      for (const part of partsOfRows([row], dbPath, [])) partDocuments(part, { sessionID: part.sessionID, role, time: 0 }, docs);
      for (const doc of docs) {
        const word = telltaleWord(doc.body);
        if (word && !out.has(doc.kind) && doc.partID) out.set(doc.kind, { partID: doc.partID, word });
      }
    }
    return out;
  } finally {
    db.close();
  }
}

const bulk = process.env.SESSIONSCOPE_SEARCH_BULK_ABOVE;
afterEach(() => {
  if (bulk === undefined) delete process.env.SESSIONSCOPE_SEARCH_BULK_ABOVE;
  else process.env.SESSIONSCOPE_SEARCH_BULK_ABOVE = bulk;
});

describe('search on what the real agents wrote', () => {
  it.each(['opencode-1.18.33', 'opencode-1.2.27-merged'])('a cold start (%s, the part table read in one pass) finds every kind of part, and a live write', async (fixture) => {
    // One pass over the part table, as for a large history.
    process.env.SESSIONSCOPE_SEARCH_BULK_ABOVE = '0';
    const { dataDir, dbPath } = copyFixture(fixture);
    const wanted = samples(dbPath);
    expect([...wanted.keys()].sort()).toEqual(['file', 'prompt', 'reasoning', 'reply', 'tool-input', 'tool-output']);
    const opened = await openSearch(dataDir, dbPath, newCacheDir(), 'worker');
    try {
      for (const [kind, { partID, word }] of wanted) {
        const hits = (await ask(opened.search, `"${word}"`, { filters: { kinds: [kind] } })).hits;
        expect(hits.map((h) => h.partID), `${kind}: ${word}`).toContain(partID);
      }
      // A tool output written while the dashboard runs is found once the store has it.
      const db = new Database(dbPath);
      const row = db.prepare("SELECT session_id, message_id FROM part WHERE data ->> '$.type' = 'tool' LIMIT 1").get() as { session_id: string; message_id: string };
      upsertPart(db, row.session_id, row.message_id, 'prt_live_kumquat', { type: 'tool', callID: 'live', tool: 'bash', state: { status: 'completed', input: { command: 'cat fruit.txt' }, output: 'kumquats are small', title: 'cat', time: { start: 1, end: 2 } } });
      // OpenCode updates the session row with its parts: the live reader follows updated sessions.
      db.prepare('UPDATE session SET time_updated = time_updated + 1 WHERE id = ?').run(row.session_id);
      db.close();
      const index = opened.store.indexes.find((i) => i.reader.kind === 'opencode-sqlite');
      if (!index) throw new Error('no database reader');
      await opened.store.absorb(index, [dbPath, `${dbPath}-wal`]);
      await opened.search.idle();
      expect((await ask(opened.search, 'kumquats')).hits).toMatchObject([{ partID: 'prt_live_kumquat', kind: 'tool-output' }]);
    } finally {
      opened.close();
    }
  }, 60_000);
});

describe('what a long tool output leaves searchable', () => {
  it('finds the words of its first 1,500 and last 500 characters, not those in between', async () => {
    const { dataDir, dbPath, db } = createOpencodeDb();
    insertSession(db, 'ses_long', { created: 1_780_000_000_000 });
    // 'headword' ends before character 1,500, 'middleword' starts past it (at 2,500: within what a 4,000 cap kept), 'tailword' is in the last 500.
    const output = ['openingword', 'filler '.repeat(200), 'headword', 'filler '.repeat(160), 'middleword', 'filler '.repeat(2_000), 'tailword', 'filler '.repeat(40), 'closingword'].join(' ');
    writeTurn(db, 'ses_long', 1, { prompt: 'list it', reply: 'done', tool: 'cat big.log', output });
    const opened = await openSearch(dataDir, dbPath, newCacheDir());
    try {
      for (const word of ['openingword', 'headword', 'tailword', 'closingword']) expect((await ask(opened.search, word)).hits, word).toMatchObject([{ kind: 'tool-output' }]);
      expect((await ask(opened.search, 'middleword')).hits).toHaveLength(0);
    } finally {
      opened.close();
      db.close();
    }
  });
});
