import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkDataFileSync, openDataFileSync, readDataFile } from './open-data-file';

const dir = mkdtempSync(path.join(os.tmpdir(), 'safe-open-'));
const root = path.join(dir, 'data');
const outside = path.join(dir, 'outside');
mkdirSync(path.join(root, 'sub'), { recursive: true });
mkdirSync(outside);
writeFileSync(path.join(root, 'sub', 'ok.json'), '{"ok":true}');
writeFileSync(path.join(outside, 'secret.txt'), 'root:x:0:0:root:/root:/bin/bash\n');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const limits = { root, maxBytes: 1024 * 1024 };

describe('readDataFile', () => {
  it('reads a regular file inside its folder, also through a symlink that stays inside', async () => {
    symlinkSync(path.join(root, 'sub', 'ok.json'), path.join(root, 'link.json'));
    for (const file of [path.join(root, 'sub', 'ok.json'), path.join(root, 'link.json')]) {
      const read = await readDataFile(file, limits);
      expect(read.ok && read.bytes.toString()).toBe('{"ok":true}');
    }
  });

  it('never opens a FIFO (a blocking open would never return) and says what it is', async () => {
    const fifo = path.join(root, 'fifo.json');
    execFileSync('mkfifo', [fifo]);
    const read = await readDataFile(fifo, limits);
    expect(read).toEqual({ ok: false, missing: false, reason: 'not a regular file (a FIFO): not opened' });
    expect(() => openDataFileSync(fifo, root)).toThrow(/FIFO/);
  });

  it('refuses devices, symlinked files and symlinked folders that lead out of the folder, without their content', async () => {
    symlinkSync('/dev/zero', path.join(root, 'zero.json'));
    symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'passwd.json'));
    symlinkSync(outside, path.join(root, 'out'));
    const zero = await readDataFile(path.join(root, 'zero.json'), limits);
    expect(zero.ok).toBe(false);
    for (const file of [path.join(root, 'passwd.json'), path.join(root, 'out', 'secret.txt')]) {
      const read = await readDataFile(file, limits);
      expect(read).toMatchObject({ ok: false, reason: expect.stringMatching(/outside the data folder/) });
      expect(JSON.stringify(read)).not.toContain('root:x');
    }
    expect(() => checkDataFileSync(path.join(root, 'out', 'secret.txt'), root)).toThrow(/outside the data folder/);
    expect(() => checkDataFileSync('/dev/zero', '/dev')).toThrow(/character device/);
  });

  it('a file a listing showed, swapped since for a symlink, a FIFO or a folder symlinked out, is refused without blocking or leaking', async () => {
    const listed = { ...limits, listedAsFile: true };
    const ok = await readDataFile(path.join(root, 'sub', 'ok.json'), listed);
    expect(ok.ok && ok.bytes.toString()).toBe('{"ok":true}');
    const swappedLink = path.join(root, 'swapped-link.json');
    symlinkSync(path.join(outside, 'secret.txt'), swappedLink);
    const swappedInside = path.join(root, 'swapped-inside.json');
    symlinkSync(path.join(root, 'sub', 'ok.json'), swappedInside);
    const swappedFifo = path.join(root, 'swapped-fifo.json');
    execFileSync('mkfifo', [swappedFifo]);
    const outFolder = path.join(root, 'out-listed');
    symlinkSync(outside, outFolder);
    expect(await readDataFile(swappedLink, listed)).toEqual({ ok: false, missing: false, reason: 'a symlink: not followed' });
    expect(await readDataFile(swappedInside, listed)).toEqual({ ok: false, missing: false, reason: 'a symlink: not followed' });
    expect(await readDataFile(swappedFifo, listed)).toEqual({ ok: false, missing: false, reason: 'not a regular file (a FIFO): not read' });
    const out = await readDataFile(path.join(outFolder, 'secret.txt'), listed);
    expect(out).toMatchObject({ ok: false, reason: expect.stringMatching(/outside the data folder/) });
    expect(JSON.stringify(out)).not.toContain('root:x');
  });

  it('checks the size before reading: a sparse 1.5 GB file is refused, not loaded', async () => {
    const giant = path.join(root, 'giant.json');
    writeFileSync(giant, '');
    truncateSync(giant, 1.5 * 1024 ** 3);
    const before = process.memoryUsage().rss;
    const read = await readDataFile(giant, limits);
    expect(read).toMatchObject({ ok: false, reason: expect.stringMatching(/over the 1048576 byte limit: not read/) });
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('reports a missing file as missing', async () => {
    expect(await readDataFile(path.join(root, 'gone.json'), limits)).toMatchObject({ ok: false, missing: true });
    expect(await readDataFile(path.join(dir, 'no-root', 'x.json'), { ...limits, root: path.join(dir, 'no-root') })).toMatchObject({ ok: false, missing: true });
  });

  it('opens synchronously only regular files, returning a path naming the opened file', () => {
    const opened = openDataFileSync(path.join(root, 'sub', 'ok.json'), root);
    expect(opened.stats.size).toBe(11);
    closeSync(opened.fd);
  });
});
