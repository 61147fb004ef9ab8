// One dashboard's search index in its own process, for the two-processes test: builds the index
// on an OpenCode database, follows it for `followMs`, then prints how many hits `q` has and how
// many sessions its own build wrote. With SESSIONSCOPE_TEST_STOP_FILE, following ends early once that file exists.
import { existsSync } from 'node:fs';
import { SearchService } from '../../lib/server/search/search-service';
import { createReaders } from '../../lib/server/store/get-store';
import { Store } from '../../lib/server/store/store';

const [dataDir = '', dbPath = '', cacheDir = '', followMs = '0', q = 'alpha'] = process.argv.slice(2);
const store = new Store(createReaders({ opencodeDir: dataDir, databases: [dbPath] }));
const search = new SearchService(store, store.start(), cacheDir);
await search.idle();
const index = store.indexes.find((i) => i.reader.kind === 'opencode-sqlite');
const until = Date.now() + Number(followMs);
const stopFile = process.env.SESSIONSCOPE_TEST_STOP_FILE;
while (index && Date.now() < until && !(stopFile && existsSync(stopFile))) {
  await store.absorb(index, [`${dbPath}-wal`]);
  await search.idle();
  await new Promise((resolve) => setTimeout(resolve, 30));
}
if (index) await store.absorb(index, [`${dbPath}-wal`]);
await search.idle();
const hits = (await search.search({ q, filters: {}, limit: 100, offset: 0, order: 'rank' })).hits.length;
const { built = 0, retries = 0, failure } = search.progress();
search.close();
store.stop();
process.stdout.write(JSON.stringify({ hits, built, retries, failure }));
