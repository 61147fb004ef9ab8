// The dashboard runs in a child the launcher starts with glibc's malloc told to give freed memory back
// (bin/relaunch.mjs): what a person sees of that is one command that starts, stops and dies as one.
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../support/start-server';
import { createOpencodeDb, insertSession } from '../support/sqlite-builder';

const started: StartedServer[] = [];
afterEach(async () => {
  for (const server of started.splice(0)) await server.stop();
});

const glibc = Boolean((process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header?.glibcVersionRuntime);
if (!glibc) console.warn('relaunch.test.ts: SKIPPED: not Linux with glibc, where the launcher serves the dashboard itself');

async function start(env: Record<string, string> = {}, args: string[] = []): Promise<StartedServer> {
  const { dataDir, db } = createOpencodeDb();
  insertSession(db, 'ses_a');
  db.close();
  const server = await startServer({ opencodeDir: dataDir }, args, env);
  started.push(server);
  return server;
}

const environOf = (pid: number): string[] => readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
const alive = (pid: number): boolean => {
  try {
    // A zombie (ended, not yet reaped) is gone for a person: its state is Z.
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
};
const answers = async (server: StartedServer): Promise<boolean> => (await fetch(`${server.url}/api/health`).catch(() => undefined))?.ok === true;

describe.skipIf(!glibc)('the launcher and its dashboard', () => {
  it('serves the dashboard from a child started with the malloc tunables, and hands them to nothing it starts', async () => {
    // `--open` starts the system's opener: a fake one that writes down the environment it was given.
    const bin = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-relaunch-'));
    const seen = path.join(bin, 'env.txt');
    writeFileSync(path.join(bin, 'xdg-open'), `#!/bin/sh\necho "tunables=$GLIBC_TUNABLES launcher=$SESSIONSCOPE_LAUNCHER_PID" > "${seen}"\n`);
    chmodSync(path.join(bin, 'xdg-open'), 0o755);
    const server = await start({ PATH: bin }, ['--open']);
    expect(server.pid).not.toBe(server.child.pid);
    expect(environOf(server.pid)).toContain('GLIBC_TUNABLES=glibc.malloc.trim_threshold=1048576');
    // V8's heap growth bounded too (a cold read's peak): a flag of the child's command line.
    expect(readFileSync(`/proc/${server.pid}/cmdline`, 'utf8').split('\0')).toContain('--heap-growing-percent=100');
    expect(environOf(server.child.pid ?? -1).some((v) => v.startsWith('GLIBC_TUNABLES='))).toBe(false);
    expect(await answers(server)).toBe(true);
    await expect.poll(() => readFileSync(seen, 'utf8').trim(), { timeout: 10_000 }).toBe('tunables= launcher=');
  });

  it('ends when its launcher is killed outright, and a signal to the launcher ends both as that signal', async () => {
    const killed = await start();
    killed.child.kill('SIGKILL');
    await expect.poll(() => alive(killed.pid), { timeout: 5_000 }).toBe(false);
    expect(await answers(killed)).toBe(false);

    const stopped = await start();
    const exited = new Promise<void>((resolve) => stopped.child.once('exit', () => resolve()));
    stopped.child.kill('SIGTERM');
    await exited;
    expect(stopped.child.signalCode).toBe('SIGTERM');
    expect(alive(stopped.pid)).toBe(false);
  });

  it.each<Record<string, string>>([{ GLIBC_TUNABLES: 'glibc.malloc.arena_max=4' }, { SESSIONSCOPE_NO_RELAUNCH: '1' }])('serves from the process started, with %o', async (env) => {
    const server = await start(env);
    expect(server.pid).toBe(server.child.pid);
    expect(await answers(server)).toBe(true);
  });
});
