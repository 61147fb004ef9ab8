import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { TreeBuilder } from '../support/tree-builder';

const root = path.resolve(import.meta.dirname, '..', '..');
const NOBODY = 65534;
const PYTHON = '/usr/bin/python3';
// Running out of inotify instances needs a user of our own to exhaust them: root can run as nobody.
const canExhaust = process.getuid?.() === 0 && existsSync(PYTHON);
if (!canExhaust) console.warn('\n*** SKIPPED: the watcher polling-fallback test needs root and /usr/bin/python3 (CI has both) ***\n');

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** Holds every inotify instance user `nobody` may have, as a system out of watches would be. */
async function exhaustInotify(): Promise<void> {
  const script = 'import ctypes,sys,time\nlibc=ctypes.CDLL(None)\nfds=[libc.inotify_init() for _ in range(100000)]\nprint(sum(1 for f in fds if f>=0),flush=True)\ntime.sleep(600)';
  const holder = spawn(PYTHON, ['-c', script], { uid: NOBODY, gid: NOBODY, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(holder);
  const [line] = await lines(holder, 1);
  expect(Number(line)).toBeGreaterThan(0);
}

function lines(child: ChildProcess, count: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const got: string[] = [];
    const rl = createInterface({ input: child.stdout! });
    rl.on('line', (line) => {
      got.push(line);
      if (got.length === count) {
        rl.close();
        resolve(got);
      }
    });
    child.once('exit', (code) => reject(new Error(`child exited (${code}) after ${got.length} lines`)));
  });
}

describe.skipIf(!canExhaust)('when the system has no file watches left', () => {
  it('falls back to polling and still follows what OpenCode writes', { timeout: 120_000 }, async () => {
    const tree = new TreeBuilder();
    const now = Date.now();
    tree.project('p1');
    tree.session('p1', 'ses_a', { time: { created: now, updated: now } });
    tree.message('ses_a', 'msg_1', { time: { created: now } });
    for (let dir = tree.dataDir; dir.startsWith('/tmp/') && dir !== '/tmp'; dir = path.dirname(dir)) chmodSync(dir, 0o777);
    await exhaustInotify();

    const follower = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', path.join(root, 'test/support/follow-tree-cli.ts'), tree.dataDir], {
      cwd: root,
      uid: NOBODY,
      gid: NOBODY,
      env: { ...process.env, HOME: '/tmp' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(follower);
    const events: { sessions?: string[]; ready?: boolean; mode: string }[] = [];
    const rl = createInterface({ input: follower.stdout! });
    rl.on('line', (line) => events.push(JSON.parse(line) as (typeof events)[number]));
    const waitFor = async (what: string, test: () => boolean): Promise<void> => {
      for (const until = Date.now() + 20_000; !test(); await new Promise((r) => setTimeout(r, 100))) {
        if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(events.slice(-5))}`);
      }
    };
    await waitFor('the index', () => events.some((e) => e.ready));
    const seen = events.length;
    // Written as the nobody user would see them: a new part of the live session, then a new session.
    tree.part('ses_a', 'msg_1', 'prt_1', { type: 'text', text: 'hello' });
    await waitFor('the new part', () => events.slice(seen).some((e) => e.sessions?.includes('ses_a')));
    tree.session('p1', 'ses_b', { time: { created: now, updated: now } });
    await waitFor('the new session', () => events.slice(seen).some((e) => e.sessions?.includes('ses_b')));
    // A record file written again in place (a session renamed): polled by size and time, not only by name.
    const renamedFrom = events.length;
    tree.session('p1', 'ses_a', { title: 'Renamed while polled', time: { created: now, updated: now + 1_000 } });
    await waitFor('the renamed session', () => events.slice(renamedFrom).some((e) => e.sessions?.includes('ses_a')));
    expect(events.at(-1)?.mode).toBe('polling');
  });
});
