import Database from 'better-sqlite3';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createReaders } from '@/lib/server/store/get-store';
import { getSessionDetail } from '@/lib/server/queries/get-session-detail';
import { getSessionSteps } from '@/lib/server/queries/get-session-steps';
import { Store } from '@/lib/server/store/store';
import { createFileWatcher } from '@/lib/server/watcher/file-watcher';
import { createOpencodeDb, insertSession } from '../support/sqlite-builder';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('watching OpenCode\'s database', () => {
  it('does not react to its own reads (no side files, no loop), and reacts to a real write', async () => {
    const { dataDir, dbPath, db: first } = createOpencodeDb();
    insertSession(first, 'ses_1', { created: Date.now() });
    first.close(); // OpenCode exited: no -wal/-shm next to the database
    const store = new Store(createReaders({ opencodeDir: dataDir, databases: [dbPath] }));
    const watcher = createFileWatcher((error) => {
      throw error;
    });
    const absorbed: string[][] = [];
    for (const index of store.indexes) {
      watcher.route(index.reader.watchTargets(), (paths) => {
        absorbed.push(paths);
        void store.absorb(index, paths);
      });
    }
    await store.start();
    await sleep(400);
    absorbed.length = 0;
    // The dashboard reading over and over must not look like a change.
    for (let i = 0; i < 20; i++) {
      await getSessionDetail(store, 'ses_1');
      await getSessionSteps(store, 'ses_1');
      store.summaryMap();
      await store.indexes[1]?.reader.readChanged([`${dbPath}-wal`]);
    }
    await sleep(600);
    expect(absorbed).toEqual([]);
    expect(readdirSync(dataDir)).toEqual(['opencode.db']);
    const writer = new Database(dbPath);
    insertSession(writer, 'ses_2', { created: Date.now() });
    await sleep(800);
    expect(absorbed.length).toBeGreaterThanOrEqual(1);
    expect(absorbed.flat().every((p) => !p.endsWith('-shm'))).toBe(true);
    expect(store.summaryMap().has('ses_2')).toBe(true);
    const settled = absorbed.length;
    await sleep(800);
    expect(absorbed.length).toBe(settled);
    await watcher.close();
    store.stop();
    writer.close();
  });
});
