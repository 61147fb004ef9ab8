import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileWatcher } from './file-watcher';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fileWatches = (): number => process.getActiveResourcesInfo().filter((r) => r === 'FSEventWrap' || r === 'StatWatcher').length;

describe('a live folder (the parts of a message being written)', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0)) await c();
  });

  it('is followed with one watch however many files it holds: new and rewritten files reported', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'live-folder-'));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    const folder = path.join(root, 'part', 'msg_1');
    mkdirSync(folder, { recursive: true });
    for (let n = 0; n < 60; n++) writeFileSync(path.join(folder, `prt_${n}.json`), '{}');
    const before = fileWatches();
    const watcher = createFileWatcher((error) => {
      throw error;
    });
    cleanups.push(() => watcher.close());
    const seen = new Set<string>();
    const route = watcher.route([], (paths) => paths.forEach((p) => seen.add(path.basename(p))));
    route.setLive([folder]);
    await sleep(1_000);
    // A long session writes thousands of part files: a watch (and its objects) per file grew without end.
    expect(fileWatches() - before).toBeLessThanOrEqual(2);
    writeFileSync(path.join(folder, 'prt_new.json'), '{"new":true}');
    writeFileSync(path.join(folder, 'prt_3.json'), '{"rewritten":true}');
    await expect.poll(() => [...seen].sort(), { timeout: 5_000 }).toEqual(expect.arrayContaining(['prt_3.json', 'prt_new.json']));
  });
});
