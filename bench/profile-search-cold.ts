// The store's cold first read and then the search index's cold build on one OpenCode data folder, in
// this process, each timed with the process's CPU (its worker threads included): wall figures on a
// shared machine move with its load, CPU less so. Prints one JSON line.
//   node --conditions=react-server --import tsx bench/profile-search-cold.ts --dir <folder holding opencode.db>
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { findDatabases } from '../lib/server/config';
import { openSqliteSessionDb } from '../lib/server/db/sqlite/open-sqlite-session-db';
import { SearchService } from '../lib/server/search/search-service';
import { createReaders } from '../lib/server/store/get-store';
import { Store } from '../lib/server/store/store';

const cpuMs = (since?: NodeJS.CpuUsage): number => {
  const u = process.cpuUsage(since);
  return Math.round((u.user + u.system) / 1000);
};

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { dir: { type: 'string' } } });
  const dir = String(values.dir);
  const databases = findDatabases(dir).filter((f) => statSync(f, { throwIfNoEntry: false })?.isFile());
  const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-profile-search-'));
  try {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const store = new Store(createReaders({ opencodeDir: dir, databases }), { sessionDb: openSqliteSessionDb(path.join(cacheDir, 'sessions.db')) });
    const start = store.start();
    const search = new SearchService(store, start, cacheDir);
    // When the figures were complete, when the search build began and when it was done (polled: a quarter second's grain).
    let figuresMs = Number.NaN;
    let buildingMs = Number.NaN;
    let builtMs = Number.NaN;
    const poll = setInterval(() => {
      if (Number.isNaN(figuresMs) && store.progress.figuresComplete) figuresMs = performance.now() - started;
      if (Number.isNaN(buildingMs) && search.progress().total > 0) buildingMs = performance.now() - started;
    }, 250);
    // The build's last progress comes just before it settles: heard as it is said.
    const unwatch = store.events.subscribe(() => {
      const { done, total } = search.progress();
      if (Number.isNaN(builtMs) && total > 0 && done >= total) builtMs = performance.now() - started;
    });
    await start;
    const storeMs = performance.now() - started;
    const storeCpuMs = cpuMs(cpu);
    await search.idle();
    const searchMs = performance.now() - started;
    const indexMb = statSync(search.file).size / 2 ** 20;
    const sessions = search.progress().sessions;
    clearInterval(poll);
    unwatch();
    search.close();
    store.stop();
    console.log(JSON.stringify({ figuresMs: Math.round(figuresMs), storeMs: Math.round(storeMs), buildingMs: Math.round(buildingMs), builtMs: Math.round(builtMs), searchReadyMs: Math.round(searchMs), storeCpuMs, searchCpuMs: cpuMs(cpu) - storeCpuMs, sessions, indexMb: Math.round(indexMb), peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024), load: os.loadavg().map((l) => Number(l.toFixed(1))) }));
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
