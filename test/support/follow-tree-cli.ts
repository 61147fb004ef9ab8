import { createReaders } from '../../lib/server/store/get-store';
import { Store } from '../../lib/server/store/store';
import { createFileWatcher } from '../../lib/server/watcher/file-watcher';
import { followSources } from '../../lib/server/watcher/follow-sources';

/** Follows an OpenCode data folder the way the server does, printing a JSON line per change. */
const store = new Store(createReaders({ opencodeDir: process.argv[2] ?? '.', databases: [] }));
const watcher = createFileWatcher(() => undefined);
followSources(store, watcher, () => undefined);
const report = (line: object): void => void process.stdout.write(`${JSON.stringify({ ...line, mode: watcher.mode })}\n`);
store.events.subscribe((event) => report({ sessions: event.sessions }));
await store.start();
report({ ready: true });
// The server is kept alive by its HTTP listener; the watches themselves never hold a process open.
setInterval(() => undefined, 1 << 30);
