import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readDataFile } from '../open-data-file';
import { listDir } from '../list-dir';
import { listDirs } from './list-dirs';
import { bulkReadCounts, readListedFiles, type ListedFileRead } from './read-listed-files';

const dir = mkdtempSync(path.join(os.tmpdir(), 'bulk-read-'));
const root = path.join(dir, 'data');
const outside = path.join(dir, 'outside');
mkdirSync(root);
mkdirSync(outside);
writeFileSync(path.join(outside, 'secret.txt'), 'root:x:0:0:root:/root:/bin/bash\n');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const limits = { root, maxBytes: 4096 };

async function all(files: string[]): Promise<ListedFileRead[]> {
  const out: ListedFileRead[] = [];
  for await (const batch of readListedFiles(files, limits)) out.push(...batch);
  return out;
}

describe('readListedFiles (a worker thread reads, under the same rules as readDataFile)', () => {
  it('reads 2,500 records in order, and refuses what swapped in since the listing exactly as a single read does', async () => {
    const files: string[] = [];
    for (let i = 0; i < 2_500; i++) {
      const file = path.join(root, `r${i}.json`);
      writeFileSync(file, JSON.stringify({ i, text: 'é'.repeat(i % 7) }));
      files.push(file);
    }
    // What a hostile tree can hold in place of files a listing showed.
    const fifo = path.join(root, 'fifo.json');
    execFileSync('mkfifo', [fifo]);
    const linkOut = path.join(root, 'link-out.json');
    symlinkSync(path.join(outside, 'secret.txt'), linkOut);
    const giant = path.join(root, 'giant.json');
    writeFileSync(giant, '');
    truncateSync(giant, 1024 ** 3);
    const gone = path.join(root, 'gone.json');
    symlinkSync(outside, path.join(root, 'out'));
    const viaFolderOut = path.join(root, 'out', 'secret.txt');
    const odd = [fifo, linkOut, giant, gone, viaFolderOut];
    files.splice(1_234, 0, ...odd);

    const reads = await all(files);
    expect(bulkReadCounts).toMatchObject({ worker: 3, thisThread: 0 });
    expect(reads.map((r) => r.file)).toEqual(files);
    for (const [i, { read }] of reads.filter((r) => !odd.includes(r.file)).entries()) {
      expect(read.ok && JSON.parse(read.bytes.toString('utf8'))).toEqual({ i, text: 'é'.repeat(i % 7) });
    }
    for (const file of odd) {
      const bulk = reads.find((r) => r.file === file)?.read;
      const single = await readDataFile(file, { ...limits, listedAsFile: true });
      expect(bulk).toEqual(single);
      expect(bulk?.ok).toBe(false);
      expect(JSON.stringify(bulk)).not.toContain('root:x');
    }
    // The version is the open file's identity, size and time.
    const first = reads[0]?.read;
    const single = await readDataFile(files[0] as string, { ...limits, listedAsFile: true });
    expect(first?.ok && first.version).toBe(single.ok && single.version);
  });

  it('lists 2,100 folders as listDir lists each, in order across the workers: files, the odd entries with why, missing and unreadable folders', async () => {
    const base = path.join(dir, 'folders');
    const dirs: string[] = [];
    for (let i = 0; i < 2_100; i++) {
      const d = path.join(base, `d${i}`);
      mkdirSync(d, { recursive: true });
      writeFileSync(path.join(d, `m${i}.json`), '{}');
      writeFileSync(path.join(d, 'note.txt'), 'x');
      dirs.push(d);
    }
    execFileSync('mkfifo', [path.join(base, 'd7', 'fifo.json')]);
    symlinkSync(outside, path.join(base, 'd8', 'out.json'));
    mkdirSync(path.join(base, 'd9', 'sub.json'));
    symlinkSync(outside, path.join(base, 'linked-folder'));
    dirs.push(path.join(base, 'gone'), path.join(base, 'linked-folder'), path.join(base, 'd1', 'm1.json'));
    const before = bulkReadCounts.listedByWorker;
    const listings = await listDirs(dirs, 'files', '.json');
    // Three batches of 1,000, one per worker at a time.
    expect(bulkReadCounts.listedByWorker - before).toBe(3);
    expect(listings).toEqual(await Promise.all(dirs.map((d) => listDir(d, 'files', '.json'))));
    expect(listings[7]).toMatchObject({ ok: true, odd: [{ name: 'fifo.json', reason: expect.stringMatching(/FIFO/) }] });
    expect(listings.at(-3)).toMatchObject({ ok: false, missing: true });
  });
});
