import * as fs from 'node:fs';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Counts the system watches asked for (fs.watch), passing each call through.
vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  return { ...actual, watch: vi.fn(actual.watch) };
});
const { watchShallow } = await import('./shallow-watch');

describe('a folder that does not exist yet', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => cleanups.splice(0).forEach((c) => c()));

  it('is looked for without asking the system to watch it (a failed fs.watch keeps its handle forever), then watched once when it appears', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'shallow-watch-'));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    const folder = path.join(root, 'storage', 'part');
    const seen: string[] = [];
    const watchCalls = vi.mocked(fs.watch);
    watchCalls.mockClear();
    const w = watchShallow(folder, (entry) => seen.push(path.basename(entry)), (error) => {
      throw error;
    });
    cleanups.push(() => w.close());
    // A SQLite-only OpenCode has no JSON tree: its folders are looked for every second, for hours.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(watchCalls).not.toHaveBeenCalled();
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'prt_before'), '{}');
    await expect.poll(() => seen, { timeout: 5_000 }).toContain('prt_before');
    writeFileSync(path.join(folder, 'prt_after'), '{}');
    await expect.poll(() => seen, { timeout: 5_000 }).toContain('prt_after');
    expect(watchCalls).toHaveBeenCalledTimes(1);
  }, 20_000);
});
