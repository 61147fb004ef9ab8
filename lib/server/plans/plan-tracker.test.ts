import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileWatcher } from '../watcher/file-watcher';
import { PlanTracker } from './plan-tracker';

const FIXTURE = fileURLToPath(new URL('../../../test/fixtures/plans/v1-snake', import.meta.url));
const PLAN = path.join('.sisyphus', 'plans', 'auth-refactor.md');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fileWatches = (): number => process.getActiveResourcesInfo().filter((r) => r === 'FSEventWrap' || r === 'StatWatcher').length;

// The fixtures' sessions ran in /tmp/sessionscope-fixture-*/alpha, long gone: the folder a gone project
// sat in was watched instead, so chokidar listed /tmp (40,000 entries on a shared machine) and stat'ed
// each one again at every change in it, and the dashboard's own file reads waited behind that for minutes.
describe('plans of a project folder that is gone or busy', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0)) await c();
  });

  function setUp() {
    // Stands in for /tmp: a busy folder the gone project sat in.
    const busy = mkdtempSync(path.join(tmpdir(), 'plan-tracker-busy-'));
    cleanups.push(() => rmSync(busy, { recursive: true, force: true }));
    for (let n = 0; n < 50; n++) mkdirSync(path.join(busy, `other-${n}`));
    const watcher = createFileWatcher((error) => {
      throw error;
    });
    cleanups.push(() => watcher.close());
    const tracker = new PlanTracker(watcher, () => undefined);
    return { busy, gone: path.join(busy, 'gone-project'), tracker };
  }

  it('is searched but not watched, nor is the folder it was in', async () => {
    const { gone, tracker } = setUp();
    const before = fileWatches();
    tracker.track([gone]);
    await tracker.refresh();
    await sleep(500);
    expect(fileWatches() - before).toBe(0);
    expect(tracker.projectDirs).toEqual([gone]);
    expect(tracker.plans).toEqual([]);
  });

  it('that is a busy folder itself (an agent run in /tmp): a boulder that appears in it later is read and followed', async () => {
    const { busy, tracker } = setUp();
    tracker.track([busy]);
    await tracker.refresh();
    expect(tracker.plans).toEqual([]);
    cpSync(path.join(FIXTURE, '.sisyphus'), path.join(busy, '.sisyphus'), { recursive: true });
    await expect.poll(() => tracker.plans.map((p) => p.progress?.done), { timeout: 10_000 }).toEqual([2]);
    const plan = path.join(busy, PLAN);
    writeFileSync(plan, readFileSync(plan, 'utf8').replace('- [ ] Remove the legacy middleware', '- [x] Remove the legacy middleware'));
    await expect.poll(() => tracker.plans.map((p) => p.progress?.done), { timeout: 10_000 }).toEqual([3]);
  });

  it('is read and watched once it is back and a session names it again', async () => {
    const { gone, tracker } = setUp();
    tracker.track([gone]);
    await tracker.refresh();
    cpSync(FIXTURE, gone, { recursive: true });
    tracker.track([gone]);
    await expect.poll(() => tracker.plans.map((p) => p.progress?.done), { timeout: 5_000 }).toEqual([2]);
    // Watched: ticking a box in its plan shows without being named again.
    const plan = path.join(gone, PLAN);
    writeFileSync(plan, readFileSync(plan, 'utf8').replace('- [ ] Remove the legacy middleware', '- [x] Remove the legacy middleware'));
    await expect.poll(() => tracker.plans.map((p) => p.progress?.done), { timeout: 10_000 }).toEqual([3]);
  });
});
