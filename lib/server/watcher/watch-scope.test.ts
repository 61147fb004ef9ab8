import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { watchScope } from './watch-scope';

describe('watchScope', () => {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const busyFolder = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'watch-scope-'));
    made.push(dir);
    return dir;
  };

  it('watches a target whose folder is missing from the nearest folder that exists (a data folder that appears later is noticed)', () => {
    const busy = busyFolder();
    expect(watchScope([path.join(busy, 'opencode', 'storage')]).roots).toEqual([busy]);
  });

  // chokidar stats every entry of a folder it watches again at each change in it: a project whose
  // folder is /tmp (or gone, leaving /tmp as the nearest) had the whole of /tmp stat'ed every second.
  it('watches a near target from itself once it exists, never from the folder it is in', () => {
    const project = busyFolder();
    const omo = path.join(project, '.omo');
    const gone = path.join(project, 'gone', '.omo');
    expect(watchScope([], [omo, gone]).roots).toEqual([]);
    mkdirSync(omo);
    const scope = watchScope([], [omo, gone]);
    expect(scope.roots).toEqual([omo]);
    expect(scope.allowed(path.join(omo, 'plans', 'a.md'))).toBe(true);
    expect(scope.allowed(path.join(project, 'src', 'index.ts'))).toBe(false);
  });
});
