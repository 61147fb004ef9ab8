import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqliteReader } from '@/lib/server/readers/opencode/sqlite/sqlite-reader';
import { createOpencodeDb, insertMessage, insertSession } from '../support/sqlite-builder';

describe('SQLite reader on bad input', () => {
  it('reports an empty database file', async () => {
    const { dataDir, dbPath, db } = createOpencodeDb();
    db.close();
    writeFileSync(dbPath, '');
    const reader = new SqliteReader(dbPath, dataDir);
    const changes = await reader.readAll();
    expect(changes.sessions).toHaveLength(0);
    expect(changes.issues[0]).toMatchObject({ kind: 'database', path: dbPath });
    expect(changes.issues[0]?.reason).toMatch(/empty database file/);
  });

  it('reports a database missing tables', async () => {
    const { dataDir, dbPath, db } = createOpencodeDb();
    db.exec('DROP TABLE part');
    db.close();
    const changes = await new SqliteReader(dbPath, dataDir).readAll();
    expect(changes.issues[0]?.reason).toMatch(/no part table/);
  });

  it('reports a corrupt database file', async () => {
    const { dataDir, dbPath, db } = createOpencodeDb();
    db.close();
    writeFileSync(dbPath, Buffer.alloc(8192, 0x5a));
    const changes = await new SqliteReader(dbPath, dataDir).readAll();
    expect(changes.sessions).toHaveLength(0);
    expect(changes.issues[0]?.kind).toBe('database');
  });

  it('reads an old schema that lacks columns added since OpenCode 1.2', async () => {
    const { dataDir, dbPath, db } = createOpencodeDb({ dropSessionColumns: ['time_archived', 'time_compacting', 'share_url', 'revert', 'summary_additions', 'summary_deletions', 'summary_files'] });
    insertSession(db, 'ses_old');
    db.close();
    const changes = await new SqliteReader(dbPath, dataDir).readAll();
    expect(changes.issues).toHaveLength(0);
    expect(changes.sessions.map((s) => s.id)).toEqual(['ses_old']);
  });

  it('skips a row whose data is not JSON, and reads the other rows', async () => {
    const { dataDir, dbPath, db } = createOpencodeDb();
    insertSession(db, 'ses_1');
    insertMessage(db, 'ses_1', 'msg_ok', { role: 'user', agent: 'build' });
    db.prepare('INSERT INTO message (id, session_id, time_created, time_updated, data) VALUES (?, ?, ?, ?, ?)').run('msg_bad', 'ses_1', 1, 1, '{"role":');
    db.close();
    const changes = await new SqliteReader(dbPath, dataDir).readAll();
    expect(changes.messages.map((m) => m.id)).toEqual(['msg_ok']);
    expect(changes.issues.find((i) => i.path.endsWith('#message/msg_bad'))?.reason).toMatch(/not valid JSON/);
  });

  it('never creates side files next to a database it reads (no -wal/-shm present)', async () => {
    const { dataDir, dbPath, db } = createOpencodeDb();
    insertSession(db, 'ses_1');
    db.close(); // a clean close checkpoints and removes -wal and -shm
    const before = readdirSync(dataDir).sort();
    expect(before).toEqual(['opencode.db']);
    const reader = new SqliteReader(dbPath, dataDir);
    const changes = await reader.readAll();
    expect(changes.sessions).toHaveLength(1);
    expect(reader.mode).toMatch(/^immutable/);
    await reader.loadContent('ses_1');
    reader.close();
    expect(readdirSync(dataDir).sort()).toEqual(before);
  });

  it('follows the write-ahead log read-only while the writer has it open', async () => {
    const { dataDir, dbPath, db } = createOpencodeDb();
    insertSession(db, 'ses_1');
    const reader = new SqliteReader(dbPath, dataDir);
    await reader.readAll();
    expect(reader.mode).toMatch(/^live/);
    insertSession(db, 'ses_2', { created: Date.now() });
    const changes = await reader.readChanged([`${dbPath}-wal`]);
    expect(changes.sessions.map((s) => s.id)).toContain('ses_2');
    reader.close();
    db.close();
    expect(readdirSync(path.dirname(dbPath))).toContain('opencode.db');
  });
});
