// A real PostgreSQL for tests: Debian's server binaries, a cluster in a temp folder, listening on a
// free loopback port, stopped and removed afterwards. initdb and pg_ctl refuse root: as root they
// run as the `postgres` user. Where no server binaries are installed, tests say loudly they skipped.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openPostgresSessionDb, type PostgresSessionDb } from '@/lib/server/db/postgres/postgres-session-db';

export interface TestPostgres {
  /** `postgres://…@127.0.0.1:PORT/DB` of a fresh database. */
  url(database?: string): string;
  createDatabase(name: string): void;
  /** Stops the server as an outage would (connections dropped at once), keeping its data. */
  pause(): void;
  /** Starts it again on the same port after `pause`. */
  resume(): void;
  stop(): void;
}

function serverBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).filter((v) => existsSync(path.join(root, v, 'bin', 'pg_ctl'))).sort((a, b) => Number(b) - Number(a));
  return versions[0] && path.join(root, versions[0], 'bin');
}

/** Why PostgreSQL tests cannot run here, or undefined when they can. */
export function postgresUnavailable(): string | undefined {
  if (!serverBin()) return 'no PostgreSQL server binaries under /usr/lib/postgresql (apt-get install postgresql; .ci/run installs it)';
  if (process.getuid?.() === 0 && spawnSync('id', ['postgres']).status !== 0) return 'running as root and there is no `postgres` user to run the server as';
  return undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startPostgres(): Promise<TestPostgres> {
  const bin = serverBin();
  if (!bin) throw new Error(postgresUnavailable());
  const root = process.getuid?.() === 0;
  // As root the server runs as `postgres`, who may not reach the temp folder (here /tmp is 0700): its home then.
  const base = root ? execFileSync('getent', ['passwd', 'postgres']).toString().split(':')[5]?.trim() || os.tmpdir() : os.tmpdir();
  const dir = mkdtempSync(path.join(base, 'sessionscope-pg-'));
  chmodSync(dir, 0o700);
  const asServer = (command: string, args: string[]) => {
    const file = path.join(bin, command);
    return root ? execFileSync('runuser', ['-u', 'postgres', '--', file, ...args], { stdio: 'pipe' }) : execFileSync(file, args, { stdio: 'pipe' });
  };
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  asServer('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  const start = () => asServer('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-t', '60', '-o', `-h 127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`, 'start']);
  start();
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    url,
    createDatabase: (name) => {
      execFileSync(path.join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-c', `CREATE DATABASE "${name}"`], { stdio: 'pipe' });
    },
    // 'fast': connections are cut, and what was committed is on disk (the test server does not sync commits).
    pause: () => void asServer('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    resume: () => void start(),
    stop: () => {
      try {
        asServer('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

export const POSTGRES_UNAVAILABLE = postgresUnavailable();

if (POSTGRES_UNAVAILABLE) {
  console.warn(`\n${'!'.repeat(72)}\n!!! POSTGRESQL TESTS SKIPPED: ${POSTGRES_UNAVAILABLE}\n${'!'.repeat(72)}\n`);
}

export interface FilePostgres {
  /** The file's server (once its tests run). */
  server(): TestPostgres;
  /** A new, empty database on it (`<prefix>_1`, `<prefix>_2`, …), opened. */
  freshDatabase(): { url: string; db: PostgresSessionDb };
}

/**
 * A PostgreSQL server for one test file, started before its tests and stopped after them (hooks
 * registered where this is called: at the top of the file), where the tests can run.
 */
export function postgresForFile(prefix: string): FilePostgres {
  let started: TestPostgres | undefined;
  let databases = 0;
  beforeAll(async () => {
    if (!POSTGRES_UNAVAILABLE) started = await startPostgres();
  }, 120_000);
  afterAll(() => started?.stop());
  const server = (): TestPostgres => {
    if (!started) throw new Error(`PostgreSQL is not running: ${POSTGRES_UNAVAILABLE ?? 'it failed to start'}`);
    return started;
  };
  return {
    server,
    freshDatabase: () => {
      const name = `${prefix}_${++databases}`;
      server().createDatabase(name);
      return { url: server().url(name), db: openPostgresSessionDb(server().url(name)) };
    },
  };
}
