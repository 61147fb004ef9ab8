import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { watchNames } from './name-watch';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('watching record files by name', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => cleanups.splice(0).forEach((c) => c()));

  function setUp() {
    const root = mkdtempSync(path.join(tmpdir(), 'name-watch-'));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    const sessions = path.join(root, 'session');
    mkdirSync(path.join(sessions, 'prj_a'), { recursive: true });
    writeFileSync(path.join(sessions, 'prj_a', 'ses_old.json'), '{}');
    const seen: string[] = [];
    const watch = watchNames({ folder: sessions, depth: 2 }, (file) => seen.push(path.relative(root, file)), (error) => {
      throw error;
    });
    cleanups.push(() => watch.close());
    return { root, sessions, seen, watch };
  }

  it('reports writes, new files, removals and the files of a folder that appears, and nothing at start', async () => {
    const { sessions, seen, watch } = setUp();
    await sleep(200);
    expect(seen).toEqual([]);
    expect(watch.mode).toBe('events');

    writeFileSync(path.join(sessions, 'prj_a', 'ses_old.json'), '{"title":"renamed"}');
    await expect.poll(() => seen).toContain(path.join('session', 'prj_a', 'ses_old.json'));
    writeFileSync(path.join(sessions, 'prj_a', 'ses_new.json'), '{}');
    await expect.poll(() => seen).toContain(path.join('session', 'prj_a', 'ses_new.json'));
    seen.length = 0;
    unlinkSync(path.join(sessions, 'prj_a', 'ses_new.json'));
    await expect.poll(() => seen).toContain(path.join('session', 'prj_a', 'ses_new.json'));

    // A project's folder created with a session already in it (as `mkdir -p` then a quick write).
    mkdirSync(path.join(sessions, 'prj_b'));
    writeFileSync(path.join(sessions, 'prj_b', 'ses_b1.json'), '{}');
    await expect.poll(() => seen).toContain(path.join('session', 'prj_b', 'ses_b1.json'));
    // ...and it is watched from then on.
    seen.length = 0;
    writeFileSync(path.join(sessions, 'prj_b', 'ses_b2.json'), '{}');
    await expect.poll(() => seen).toContain(path.join('session', 'prj_b', 'ses_b2.json'));
  });

  it('follows a record folder that does not exist yet, and reports what it holds when it appears', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'name-watch-'));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    const todo = path.join(root, 'todo');
    const seen: string[] = [];
    const watch = watchNames({ folder: todo, depth: 1 }, (file) => seen.push(path.basename(file)), () => undefined);
    cleanups.push(() => watch.close());
    await sleep(100);
    mkdirSync(todo);
    writeFileSync(path.join(todo, 'ses_1.json'), '[]');
    await expect.poll(() => seen, { timeout: 5_000 }).toContain('ses_1.json');
  });

  it('lets go of a folder that is removed', async () => {
    const { sessions, seen } = setUp();
    await sleep(200);
    rmSync(path.join(sessions, 'prj_a'), { recursive: true });
    await expect.poll(() => seen).toContain(path.join('session', 'prj_a', 'ses_old.json'));
    await sleep(200);
    // Made again: watched again, as a folder that appeared.
    mkdirSync(path.join(sessions, 'prj_a'));
    writeFileSync(path.join(sessions, 'prj_a', 'ses_again.json'), '{}');
    await expect.poll(() => seen).toContain(path.join('session', 'prj_a', 'ses_again.json'));
  });

  it('comes back when the whole folder is removed and made again (the data cleared, then written anew)', async () => {
    const { sessions, seen } = setUp();
    await sleep(200);
    rmSync(sessions, { recursive: true });
    await sleep(300);
    mkdirSync(path.join(sessions, 'prj_c'), { recursive: true });
    writeFileSync(path.join(sessions, 'prj_c', 'ses_c1.json'), '{}');
    await expect.poll(() => seen, { timeout: 5_000 }).toContain(path.join('session', 'prj_c', 'ses_c1.json'));
    seen.length = 0;
    writeFileSync(path.join(sessions, 'prj_c', 'ses_c2.json'), '{}');
    await expect.poll(() => seen).toContain(path.join('session', 'prj_c', 'ses_c2.json'));
  });
});
