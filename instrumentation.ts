/** Starts reading the data when the server starts, so the first page does not wait for it. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // Before the first SQLite connection of the process: OpenCode's database is opened as a
  // `file:...?immutable=1` URI when OpenCode is not running (lib/server/readers/opencode/sqlite/open-database.ts).
  process.env.SQLITE_USE_URI ??= '1';
  const { getRuntime } = await import('./lib/server/store/get-store');
  const runtime = getRuntime();
  // Every source looked for and what it held, once the first read is done (not only OpenCode's folder).
  const { describeSource } = await import('./lib/view/source-report');
  void runtime.started.then(() => {
    for (const index of runtime.store.indexes) console.log(`sessionscope: ${describeSource({ kind: index.reader.kind, path: index.reader.path, found: index.reader.found(), sessions: index.sessions.size })}`);
  });
  // A native module that cannot load is said at start (one line), not at the first opencode.db.
  const { loadBetterSqlite } = await import('./lib/server/readers/opencode/sqlite/load-better-sqlite');
  loadBetterSqlite().catch(() => undefined);
}
