// Issue 28, item 4: OpenCode's folder moved away and back (or deleted and restored) while the
// dashboard runs. The database source came back as 0 sessions, $0, "complete" until a restart.
import { cpSync, renameSync, rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import type { FileWatcher } from '@/lib/server/watcher/file-watcher';
import { followSources } from '@/lib/server/watcher/follow-sources';
import { createOpencodeDb, insertMessage, insertSession } from '../support/sqlite-builder';

const stops: (() => unknown)[] = [];

/**
 * A watcher that passes on no event at all: chokidar's watch of a folder that was removed never
 * sees it come back, and whether it reports the removal depends on timing. What the dashboard does
 * must not depend on either.
 */
function silentWatcher(): FileWatcher & { refreshed: number } {
  return {
    mode: 'events',
    lastError: undefined,
    refreshed: 0,
    route: () => ({ setLive: () => undefined }),
    refresh() {
      this.refreshed++;
    },
    close: async () => undefined,
  };
}
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

describe("OpenCode's folder moved away and back", () => {
  it('its sessions come back without a restart', async () => {
    const { dataDir, dbPath, db } = createOpencodeDb();
    insertSession(db, 'ses_1', { created: Date.now() });
    insertMessage(db, 'ses_1', 'msg_1', { role: 'user' }, Date.now());
    db.close();
    const store = new Store(createReaders({ opencodeDir: dataDir, databases: [dbPath] }));
    const watcher = silentWatcher();
    stops.push(() => watcher.close(), () => store.stop());
    stops.push(followSources(store, watcher, () => {}));
    await store.start();
    expect(store.summaryMap().has('ses_1')).toBe(true);

    renameSync(dataDir, `${dataDir}-away`);
    await expect.poll(() => store.summaryMap().has('ses_1')).toBe(false);
    renameSync(`${dataDir}-away`, dataDir);
    await expect.poll(() => store.summaryMap().get('ses_1')?.messageCount).toBe(1);
    // Its folder is watched anew (the old watch was of the folder that went).
    expect(watcher.refreshed).toBe(2);
  });

  it('while OpenCode writes to it: its sessions come back, and later writes show', async () => {
    const { dataDir, dbPath, db } = createOpencodeDb();
    insertSession(db, 'ses_1', { created: Date.now() });
    const store = new Store(createReaders({ opencodeDir: dataDir, databases: [dbPath] }));
    const watcher = silentWatcher();
    stops.push(() => db.close(), () => watcher.close(), () => store.stop());
    stops.push(followSources(store, watcher, () => {}));
    await store.start();
    expect(store.summaryMap().has('ses_1')).toBe(true);
    renameSync(dataDir, `${dataDir}-away`);
    await expect.poll(() => store.summaryMap().has('ses_1')).toBe(false);
    renameSync(`${dataDir}-away`, dataDir);
    await expect.poll(() => store.summaryMap().has('ses_1')).toBe(true);
    insertMessage(db, 'ses_1', 'msg_2', { role: 'user' }, Date.now());
    await expect.poll(() => store.summaryMap().get('ses_1')?.messageCount).toBe(1);
  });

  it('deleted and restored from a copy: its sessions come back', async () => {
    const { dataDir, dbPath, db } = createOpencodeDb();
    insertSession(db, 'ses_1', { created: Date.now() });
    db.close();
    cpSync(dataDir, `${dataDir}-backup`, { recursive: true, preserveTimestamps: true });
    const store = new Store(createReaders({ opencodeDir: dataDir, databases: [dbPath] }));
    const watcher = silentWatcher();
    stops.push(() => watcher.close(), () => store.stop());
    stops.push(followSources(store, watcher, () => {}));
    await store.start();
    rmSync(dataDir, { recursive: true });
    await expect.poll(() => store.summaryMap().has('ses_1')).toBe(false);
    cpSync(`${dataDir}-backup`, dataDir, { recursive: true, preserveTimestamps: true });
    await expect.poll(() => store.summaryMap().has('ses_1')).toBe(true);
  });
});
