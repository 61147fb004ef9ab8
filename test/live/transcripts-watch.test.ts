// Claude Code's and pi's transcripts (files written by the real agents: test/fixtures/*-<version>)
// are watched by folder: one system watch per folder, none per transcript (a year of history is
// thousands of files; chokidar stat'ed and watched each one at every start), and a project that
// appears later, with its transcripts, is still followed.
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import { createFileWatcher, type FileWatcher } from '@/lib/server/watcher/file-watcher';
import { followSources } from '@/lib/server/watcher/follow-sources';
import { inotifyWatches } from '../support/inotify-watches';

const fixtures = path.resolve(import.meta.dirname, '..', 'fixtures');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let running: { store: Store; watcher: FileWatcher; stop: () => void; root: string } | undefined;
afterEach(async () => {
  running?.stop();
  running?.store.stop();
  await running?.watcher.close();
  if (running) rmSync(running.root, { recursive: true, force: true });
  running = undefined;
});

/** Folders and files under `dir` (the folder itself counted). */
function countTree(dir: string): { folders: number; files: number } {
  let folders = 1;
  let files = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      const inner = countTree(path.join(dir, entry.name));
      folders += inner.folders;
      files += inner.files;
    } else files++;
  }
  return { folders, files };
}

const AGENTS = [
  { name: 'Claude Code 2.1.328', fixture: 'claude-2.1.328/projects', option: 'claudeDir' },
  { name: 'pi 0.73.1', fixture: 'pi-0.73.1/sessions', option: 'piDir' },
] as const;

describe('watching agents\' transcripts', () => {
  for (const agent of AGENTS) {
    it(`${agent.name}: one watch per folder, none per transcript; a project copied in later is read`, async () => {
      const root = mkdtempSync(path.join(tmpdir(), 'transcripts-watch-'));
      const dir = path.join(root, 'data');
      const source = path.join(fixtures, agent.fixture);
      const [first, ...rest] = readdirSync(source);
      if (!first || rest.length === 0) throw new Error(`${source}: expected two project folders or more`);
      // Every project but the first now (ten times over, as a longer history), the first after the dashboard started.
      for (const project of rest) for (let copy = 0; copy < 10; copy++) cpSync(path.join(source, project), path.join(dir, `${project}-${copy}`), { recursive: true });
      const before = inotifyWatches();
      const store = new Store(createReaders({ opencodeDir: path.join(root, 'no-opencode'), databases: [], [agent.option]: dir }));
      const watcher = createFileWatcher(() => undefined);
      running = { store, watcher, stop: followSources(store, watcher, () => undefined), root };
      await store.start();
      await sleep(500);
      const tree = countTree(dir);
      expect(tree.files).toBeGreaterThan(tree.folders);
      const watches = inotifyWatches() - before;
      // The data folder and its folders, plus the few the empty OpenCode source watches.
      expect(watches).toBeGreaterThanOrEqual(tree.folders);
      expect(watches, `${tree.folders} folders, ${tree.files} files`).toBeLessThan(tree.folders + 6);
      const sessionsBefore = store.summaryMap().size;
      expect(sessionsBefore).toBeGreaterThan(0);

      cpSync(path.join(source, first), path.join(dir, first), { recursive: true });
      const cold = new Store(createReaders({ opencodeDir: path.join(root, 'no-opencode'), databases: [], [agent.option]: dir }));
      await cold.start();
      const expected = [...cold.summaryMap().keys()].sort();
      cold.stop();
      expect(expected.length).toBeGreaterThan(sessionsBefore);
      await expect.poll(() => [...store.summaryMap().keys()].sort(), { timeout: 10_000 }).toEqual(expected);
    });
  }
});
