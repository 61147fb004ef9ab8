import { describe, expect, it } from 'vitest';
import { createOpencodeDb, insertSession, upsertPart } from '../support/sqlite-builder';
import { ask, dump, newCacheDir, openSearch, writeTurn } from './search-support';

describe('search index, live', () => {
  it('follows writes, rewrites and removals the store applies, and equals a cold index after them', async () => {
    const { dataDir, dbPath, db } = createOpencodeDb();
    insertSession(db, 'ses_a', { title: 'Live one' });
    writeTurn(db, 'ses_a', 1, { prompt: 'first question', reply: 'first answer' });
    const live = await openSearch(dataDir, dbPath, newCacheDir());
    const dbIndex = live.store.indexes.find((i) => i.reader.kind === 'opencode-sqlite');
    if (!dbIndex) throw new Error('no database reader');
    const absorb = async () => {
      await live.store.absorb(dbIndex, [`${dbPath}-wal`]);
      await live.search.idle();
    };
    expect((await ask(live.search, 'zebra')).hits).toHaveLength(0);
    writeTurn(db, 'ses_a', 2, { prompt: 'a zebra question', reply: 'striped answer' });
    await absorb();
    expect((await ask(live.search, 'zebra')).hits.map((h) => h.partID)).toEqual(['prt_ses_a_2u', 'prt_ses_a_2r']);
    // A reply streams in: the part is rewritten in place.
    upsertPart(db, 'ses_a', 'msg_ses_a_2a', 'prt_ses_a_2t', { type: 'text', text: 'striped answer about okapis', time: { start: 1, end: 2 } });
    await absorb();
    expect((await ask(live.search, 'okapis')).hits.map((h) => h.partID)).toEqual(['prt_ses_a_2t']);
    // Undoing the turn deletes its messages and parts.
    db.prepare("DELETE FROM part WHERE message_id LIKE 'msg_ses_a_2%'").run();
    db.prepare("DELETE FROM message WHERE id LIKE 'msg_ses_a_2%'").run();
    await absorb();
    expect((await ask(live.search, 'zebra')).hits).toHaveLength(0);
    expect((await ask(live.search, 'first')).hits.length).toBeGreaterThan(0);
    const cold = await openSearch(dataDir, dbPath, newCacheDir());
    expect(dump(live.search)).toEqual(dump(cold.search));
    live.close();
    cold.close();
  });
});
