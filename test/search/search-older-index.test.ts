import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SEARCH_SCHEMA_VERSION } from '@/lib/server/search/search-db';
import { createOpencodeDb, insertSession } from '../support/sqlite-builder';
import { ask, newCacheDir, openSearch, writeTurn } from './search-support';

describe('index files of older versions', () => {
  it("are removed when this version opens its index of the same data folders; another data set's and a newer version's stay", async () => {
    const { dataDir, dbPath, db } = createOpencodeDb();
    insertSession(db, 'ses_1');
    writeTurn(db, 'ses_1', 1, { prompt: 'deploy the service', reply: 'deployed' });
    db.close();
    const cacheDir = newCacheDir();
    const first = await openSearch(dataDir, dbPath, cacheDir);
    const file = first.search.file;
    first.close();
    // What an upgrade leaves: the index the previous version built for the same folders (as large as this one).
    const named = (version: number, scope: string) => path.join(cacheDir, `search-v${version}-${scope}.db`);
    const scope = /-([0-9a-f]+)\.db$/.exec(file)?.[1] ?? '';
    const version = Number(SEARCH_SCHEMA_VERSION);
    const older = named(version - 1, scope);
    const kept = [named(version - 1, '000000000000'), named(version + 1, scope)];
    for (const f of [older, `${older}-wal`, ...kept]) writeFileSync(f, 'x');
    const again = await openSearch(dataDir, dbPath, cacheDir);
    try {
      expect([older, `${older}-wal`].filter((f) => existsSync(f))).toEqual([]);
      expect(kept.filter((f) => existsSync(f))).toEqual(kept);
      expect((await ask(again.search, 'deploy')).hits.length).toBeGreaterThan(0);
    } finally {
      again.close();
    }
  });
});
