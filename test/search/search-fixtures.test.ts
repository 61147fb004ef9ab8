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
  });
});

describe('what a long tool output leaves searchable', () => {
  it('finds the words of its first 600 and last 200 characters, not those in between, and a long input by its first 400', async () => {
    const { dataDir, dbPath, db } = createOpencodeDb();
    insertSession(db, 'ses_long', { created: 1_780_000_000_000 });
    // 'headword' ends before character 600, 'pastheadword' starts past it (at ~1,000: kept by the old 1,500), 'tailword' is in the last 200.
    const output = ['openingword', 'filler '.repeat(70), 'headword', 'filler '.repeat(60), 'pastheadword', 'filler '.repeat(2_000), 'tailword', 'filler '.repeat(15), 'closingword'].join(' ');
    // The command comes first; what follows past 400 characters (a heredoc here) is not indexed.
    const command = ['cat <<EOF > notes.txt', 'filler '.repeat(40), 'inputheadword', 'filler '.repeat(40), 'inputlateword', 'EOF'].join(' ');
    writeTurn(db, 'ses_long', 1, { prompt: 'list it', reply: 'done', tool: command, output });
    const opened = await openSearch(dataDir, dbPath, newCacheDir());
    try {
      for (const word of ['openingword', 'headword', 'tailword', 'closingword']) expect((await ask(opened.search, word)).hits, word).toMatchObject([{ kind: 'tool-output' }]);
      for (const word of ['pastheadword', 'inputlateword']) expect((await ask(opened.search, word)).hits, word).toHaveLength(0);
      expect((await ask(opened.search, 'inputheadword')).hits).toMatchObject([{ kind: 'tool-input' }]);
    } finally {
      opened.close();
      db.close();
    }
  });

  it("on OpenCode's own 51 KB bash output (opencode-1.18.33), finds its first lines and its last, not a line 1,400 characters in or in the middle", async () => {
    // The output of `seq -f 'large output line %05g: …' 1 2200`, as OpenCode stored it: a note that it
    // was cut, then lines 01217 to 02200 (each 52 characters).
    const { dataDir, dbPath } = copyFixture('opencode-1.18.33');
    const partID = 'prt_1ff6ac93d001VNuZaQp3WK4EfE';
    const opened = await openSearch(dataDir, dbPath, newCacheDir());
    try {
      // '01222' starts at character 441, '02197' and '02200' are in the last 200.
      for (const line of ['01217', '01222', '02197', '02200']) expect((await ask(opened.search, line)).hits.map((h) => h.partID), line).toEqual([partID]);
      // '01240' starts at 1,377 (searchable while outputs kept their first 1,500), '01600' at 20,097.
      for (const line of ['01240', '01600']) expect((await ask(opened.search, line)).hits, line).toHaveLength(0);
    } finally {
      opened.close();
    }
  });
});
