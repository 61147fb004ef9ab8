// Whatever way the dashboard ends, nothing it made stays behind: no file next to OpenCode's database,
// and nothing database-sized in its cache folder (the immutable open copies nothing; the fallback
// copy goes on SIGINT, SIGTERM and SIGHUP, and after a SIGKILL at the next start).
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../support/start-server';
import { createOpencodeDb, insertSession } from '../support/sqlite-builder';

const root = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-leftovers-'));
const started: StartedServer[] = [];
afterAll(async () => {
  // A failed assertion must not leave a server running.
  for (const server of started) await server.stop();
  rmSync(root, { recursive: true, force: true });
});

async function start(opencodeDir: string, env: Record<string, string>): Promise<StartedServer> {
  const server = await startServer({ opencodeDir }, [], env);
  started.push(server);
  return server;
}

/** A closed database (OpenCode not running) of about 4 MB. */
function closedDatabase() {
  const { dataDir, dbPath, db } = createOpencodeDb();
  insertSession(db, 'ses_a');
  db.exec('CREATE TABLE filler (b blob)');
  db.prepare('INSERT INTO filler VALUES (randomblob(4000000))').run();
  db.close();
  const cache = mkdtempSync(path.join(root, 'cache-'));
  return { dataDir, dbPath, cache, size: statSync(dbPath).size };
}

/** Every file under `dir` with its size. */
function filesUnder(dir: string): { file: string; size: number }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => ({ file: path.join(e.parentPath, e.name), size: statSync(path.join(e.parentPath, e.name)).size }));
}

const databaseSized = (cache: string, size: number) => filesUnder(cache).filter((f) => f.size >= size / 2);

async function waitReady(server: StartedServer): Promise<string> {
  for (let i = 0; i < 600; i++) {
    const health = (await (await fetch(`${server.url}/api/health`)).json()) as { index: { phase: string }; sources: { kind: string; mode?: string }[] };
    if (health.index.phase === 'ready') return health.sources.find((s) => s.kind === 'opencode-sqlite')?.mode ?? '';
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('not ready');
}

async function endWith(server: StartedServer, signal: NodeJS.Signals): Promise<void> {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  // A signal the dashboard can handle goes to the launcher, which passes it on (bin/relaunch.mjs); a
  // SIGKILL to the dashboard's own process (a SIGKILL of the launcher has the dashboard end itself cleanly).
  if (signal === 'SIGKILL') process.kill(server.pid, signal);
  else server.child.kill(signal);
  await exited;
  await server.stop();
}

describe('leftovers after each kind of exit', () => {
  it('OpenCode not running: the database is read in place, nothing is made beside it or copied', async () => {
    const { dataDir, cache, size } = closedDatabase();
    const server = await start(dataDir, { XDG_CACHE_HOME: cache });
    expect(await waitReady(server)).toMatch(/^immutable/);
    expect(readdirSync(dataDir)).toEqual(['opencode.db']);
    expect(databaseSized(cache, size)).toEqual([]);
    await endWith(server, 'SIGTERM');
    expect(readdirSync(dataDir)).toEqual(['opencode.db']);
    expect(databaseSized(cache, size)).toEqual([]);
  });

  // SQLITE_USE_URI=0: SQLite cannot be given `immutable=1`, so the reader falls back to a private copy.
  it.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)('the fallback copy is removed on %s', async (signal) => {
    const { dataDir, cache, size } = closedDatabase();
    const server = await start(dataDir, { XDG_CACHE_HOME: cache, SQLITE_USE_URI: '0' });
    expect(await waitReady(server)).toMatch(/^copy/);
    expect(databaseSized(cache, size)).toHaveLength(1);
    await endWith(server, signal);
    expect(server.child.signalCode).toBe(signal);
    expect(databaseSized(cache, size)).toEqual([]);
    expect(readdirSync(dataDir)).toEqual(['opencode.db']);
  });

  it('a copy left by a SIGKILL goes at the next start', async () => {
    const { dataDir, cache, size } = closedDatabase();
    const first = await start(dataDir, { XDG_CACHE_HOME: cache, SQLITE_USE_URI: '0' });
    await waitReady(first);
    await endWith(first, 'SIGKILL');
    const [left] = databaseSized(cache, size);
    expect(left?.file).toContain(`${first.pid}-`);
    const second = await start(dataDir, { XDG_CACHE_HOME: cache });
    expect(await waitReady(second)).toMatch(/^immutable/);
    expect(databaseSized(cache, size)).toEqual([]);
    await endWith(second, 'SIGINT');
    expect(readdirSync(dataDir)).toEqual(['opencode.db']);
  });
});
