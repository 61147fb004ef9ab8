import { describe, expect, it } from 'vitest';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import type { FileWatcher } from '@/lib/server/watcher/file-watcher';
import { followSources } from '@/lib/server/watcher/follow-sources';
import { createOpencodeDb, insertMessage, insertSession } from '../support/sqlite-builder';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A watcher that passes on only the events the test hands it: the rest are "lost". */
function handWatcher(): { watcher: FileWatcher; fire: (kind: string, paths: string[]) => void } {
  const routes: { kind: string; onChange: (paths: string[]) => void }[] = [];
  let next = 0;
  const kinds = ['opencode-json', 'opencode-sqlite'];
  const watcher: FileWatcher = {
    mode: 'events',
    lastError: undefined,
    route(_targets, onChange) {
      routes.push({ kind: kinds[next++] ?? 'other', onChange });
      return { setLive: () => undefined };
    },
    close: async () => undefined,
  };
  return { watcher, fire: (kind, paths) => routes.find((r) => r.kind === kind)?.onChange(paths) };
}

describe('a database write whose file event was lost', () => {
  it('still reaches the store: the source is checked once more after a change settles', async () => {
    const { dataDir, dbPath, db } = createOpencodeDb();
    insertSession(db, 'ses_1', { created: Date.now() });
    const store = new Store(createReaders({ opencodeDir: dataDir, databases: [dbPath] }));
    const { watcher, fire } = handWatcher();
    const stop = followSources(store, watcher, (error) => {
      throw error;
    });
    await store.start();
    insertMessage(db, 'ses_1', 'msg_1', { role: 'user' }, Date.now());
    fire('opencode-sqlite', [`${dbPath}-wal`]);
    // The commit right after it never produces an event of its own.
    await sleep(5);
    insertMessage(db, 'ses_1', 'msg_2', { role: 'user' }, Date.now());
    await sleep(1_000);
    expect(store.summaryMap().get('ses_1')?.messageCount).toBe(2);
    stop();
    store.stop();
    db.close();
  });
});
