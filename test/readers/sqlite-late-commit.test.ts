import { describe, expect, it } from 'vitest';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import { createOpencodeDb, insertMessage, insertSession, upsertPart } from '../support/sqlite-builder';

describe('SQLite: a row committed seconds after its time stamp', () => {
  it('is still read: the reply that finished shows as finished, not busy forever', async () => {
    const { dataDir, dbPath, db } = createOpencodeDb();
    const t0 = Date.now() - 60_000;
    insertSession(db, 'ses_1', { created: t0 });
    insertMessage(db, 'ses_1', 'msg_user', { role: 'user' }, t0);
    const reply = { role: 'assistant', parentID: 'msg_user', modelID: 'm', providerID: 'p', cost: 0.01, tokens: { input: 1, output: 1, reasoning: 0, cache: { read: 0, write: 0 } } };
    insertMessage(db, 'ses_1', 'msg_reply', reply, t0 + 1_000);
    // OpenCode is running: the database has its -wal and -shm, and the reader follows them.
    const store = new Store(createReaders({ opencodeDir: dataDir, databases: [dbPath] }));
    await store.start();
    const sqlite = store.indexes[1]!;
    upsertPart(db, 'ses_1', 'msg_reply', 'prt_text', { type: 'text', text: 'done' }, t0 + 8_000);
    await store.absorb(sqlite, [`${dbPath}-wal`]);
    expect(store.summaryMap().get('ses_1')?.status.status).toBe('busy');
    // The reply was stamped complete at t0 + 5 s, but its write committed only now, behind the part.
    db.prepare('UPDATE message SET data = ?, time_updated = ? WHERE id = ?').run(JSON.stringify({ ...reply, time: { created: t0 + 1_000, completed: t0 + 5_000 }, finish: 'stop' }), t0 + 5_000, 'msg_reply');
    await store.absorb(sqlite, [`${dbPath}-wal`]);
    expect(store.summaryMap().get('ses_1')?.status.status).toBe('waiting-for-user');
    store.stop();
    db.close();
  });
});
