// The transcript sources' sessions (Claude Code, Codex, Gemini CLI, pi, oh-my-pi) are indexed by the
// build worker (read from their files off the main thread), and what it writes is what the
// dashboard writes of the same transcripts arriving live.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ask, dump, newCacheDir, openSearchOn } from './search-support';

const FIXTURES = path.resolve(import.meta.dirname, '..', 'fixtures');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

type Source = 'claudeDir' | 'codexDir' | 'geminiDir' | 'piDir' | 'ompDir';
const open = (source: Source, dir: string, cacheDir: string) => openSearchOn({ opencodeDir: path.join(dir, 'no-opencode'), databases: [], [source]: dir }, cacheDir, 'worker');

const filesUnder = (dir: string): string[] => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));

describe('search on what the transcript agents wrote', () => {
  // `folder`: the fixture's data folder. The hand-written Claude Code and pi fixtures each have a
  // transcript with a bad line: read with an issue, it is read again at each start.
  it.each([
    ['claude-2.1.332', 'projects', 'claudeDir', 0],
    ['claude-2.1.328', 'projects', 'claudeDir', 0],
    ['claude', 'projects', 'claudeDir', 1],
    ['codex-0.171.0', 'sessions', 'codexDir', 0],
    ['gemini-0.61.0', '.', 'geminiDir', 0],
    ['gemini-0.20.2', '.', 'geminiDir', 0],
    ['pi-0.73.1', 'sessions', 'piDir', 0],
    ['pi', 'sessions', 'piDir', 1],
    ['omp-18.3.4', 'sessions', 'ompDir', 0],
  ] as const)('%s: a cold start builds the index off the main thread, equal to the transcripts read live, and a restart reads again only what was read with issues', async (fixture, folder, source, readAgain) => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-search-transcripts-'));
    dirs.push(root);
    const cold = path.join(root, 'cold');
    cpSync(path.join(FIXTURES, fixture, folder), cold, { recursive: true });
    const cacheDir = newCacheDir();
    dirs.push(cacheDir);

    const first = await open(source, cold, cacheDir);
    let coldDump: unknown;
    let sessions: number;
    try {
      sessions = [...first.store.view.ids()].length;
      expect(sessions).toBeGreaterThan(1);
      // Every transcript was read by the build worker, not on this thread.
      expect(first.search.progress()).toMatchObject({ phase: 'ready', built: sessions, sessions });
      coldDump = dump(first.search);
      expect((await ask(first.search, 'the')).hits.length).toBeGreaterThan(0);
    } finally {
      first.close();
    }

    // The same transcripts written while the dashboard runs: read on this thread, a change at a time.
    const live = path.join(root, 'live');
    mkdirSync(live);
    const liveCache = newCacheDir();
    dirs.push(liveCache);
    const second = await open(source, live, liveCache);
    try {
      expect(second.search.progress().sessions).toBe(0);
      cpSync(path.join(FIXTURES, fixture, folder), live, { recursive: true });
      const index = second.store.indexes.find((i) => !i.reader.kind.startsWith('opencode'));
      if (!index) throw new Error(`no reader of ${source}`);
      await second.store.absorb(index, filesUnder(live));
      await second.search.idle();
      expect(second.search.progress().built ?? 0).toBe(0);
      // The folder differs (cold/, live/): the project ids carry it.
      expect(JSON.stringify(dump(second.search)).replaceAll('-live-', '-cold-').replaceAll('/live/', '/cold/')).toBe(JSON.stringify(coldDump));
    } finally {
      second.close();
    }

    // A restart with nothing changed reads no transcript for the index but those.
    const third = await open(source, cold, cacheDir);
    try {
      expect(third.search.progress()).toMatchObject({ phase: 'ready', sessions });
      expect(third.search.progress().built ?? 0).toBe(readAgain);
      expect(dump(third.search)).toEqual(coldDump);
    } finally {
      third.close();
    }
  });
});
